import type { FollowState } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { lockMembers } from '../../db/member-lock.js';
import { inTransaction, recordEvent } from '../effects/effects.service.js';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.js';
import * as repository from './users.repository.js';
import { USER_MESSAGES as M } from './users.messages.js';

/**
 * Follows, blocks and mutes between members (docs/people.md). Each change locks both members'
 * rows first, in id order, so rows and counters change together however many requests race.
 */

interface RelationsDeps {
  db: Database;
}

/* ---- Follows ---- */

/**
 * Follows or unfollows. Both members' rows are locked first (in id order), so the row and
 * both counters change together and concurrent requests queue up: the counters always equal
 * the rows. Setting the same state twice changes nothing and answers the same.
 */
export async function setFollow(
  deps: RelationsDeps,
  viewerId: string,
  userId: string,
  follow: boolean,
): Promise<FollowState> {
  if (viewerId === userId)
    throw validationFailed({ user_id: [M.cannotFollowSelf] }, M.cannotFollowSelf);
  return inTransaction(deps.db, async (tx) => {
    const found = await lockMembers(tx, [viewerId, userId]);
    if (!found.includes(userId)) throw notFound(M.notFound);
    if (!found.includes(viewerId)) throw new HttpError('UNAUTHENTICATED');
    if (follow) {
      const relation = await repository.findRelation(tx, viewerId, userId);
      if (relation.blockedByMe) throw new HttpError('FORBIDDEN', M.youBlockedThem);
      if (relation.blocksMe) throw new HttpError('FORBIDDEN', M.blockedByThem);
    }
    const changedAt = follow
      ? await repository.insertFollow(tx, viewerId, userId)
      : await repository.deleteFollow(tx, viewerId, userId);
    if (!changedAt)
      return {
        followed_by_me: follow,
        follower_count: await repository.followerCountOf(tx, userId),
      };
    const followerCount = await repository.addToFollowCounts(tx, viewerId, userId, follow ? 1 : -1);
    await recordEvent(
      tx,
      follow
        ? { type: 'followed', followerId: viewerId, followeeId: userId, at: changedAt }
        : { type: 'unfollowed', followerId: viewerId, followeeId: userId, at: changedAt },
    );
    return { followed_by_me: follow, follower_count: followerCount };
  });
}

/* ---- Blocks and mutes ---- */

/** Blocking ends follows both ways, with the counters, in the same transaction. */
export async function setBlock(
  deps: RelationsDeps,
  viewerId: string,
  userId: string,
  block: boolean,
): Promise<{ blocked_by_me: boolean }> {
  if (viewerId === userId)
    throw validationFailed({ user_id: [M.cannotBlockSelf] }, M.cannotBlockSelf);
  await inTransaction(deps.db, async (tx) => {
    const found = await lockMembers(tx, [viewerId, userId]);
    if (!found.includes(userId)) throw notFound(M.notFound);
    if (!found.includes(viewerId)) throw new HttpError('UNAUTHENTICATED');
    if (!block) {
      await repository.deleteBlock(tx, viewerId, userId);
      return;
    }
    await repository.insertBlock(tx, viewerId, userId);
    const endedFollows = [];
    for (const [followerId, followeeId] of [
      [viewerId, userId],
      [userId, viewerId],
    ] as const) {
      const followedAt = await repository.deleteFollow(tx, followerId, followeeId);
      if (!followedAt) continue;
      await repository.addToFollowCounts(tx, followerId, followeeId, -1);
      endedFollows.push({ followerId, followeeId, at: followedAt });
    }
    await recordEvent(tx, {
      type: 'blocked',
      blockerId: viewerId,
      blockedId: userId,
      endedFollows,
    });
  });
  return { blocked_by_me: block };
}

export async function setMute(
  deps: RelationsDeps,
  viewerId: string,
  userId: string,
  mute: boolean,
): Promise<{ muted_by_me: boolean }> {
  if (viewerId === userId)
    throw validationFailed({ user_id: [M.cannotMuteSelf] }, M.cannotMuteSelf);
  await deps.db.transaction(async (tx) => {
    const found = await lockMembers(tx, [viewerId, userId]);
    if (!found.includes(userId)) throw notFound(M.notFound);
    if (!found.includes(viewerId)) throw new HttpError('UNAUTHENTICATED');
    if (mute) await repository.insertMute(tx, viewerId, userId);
    else await repository.deleteMute(tx, viewerId, userId);
  });
  return { muted_by_me: mute };
}

/* ---- Used by other modules ---- */

/**
 * Part of leaving, in the deletion's transaction: the member's follows leave the others'
 * counters before the rows cascade away (follows, blocks and mutes go with the user).
 */
export async function prepareMemberLeaving(db: Database, userId: string): Promise<void> {
  await repository.subtractFollowsOf(db, userId);
}
