import type { LikeState, WantState } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { POST_MESSAGES as M } from './posts.messages.js';
import * as posts from './posts.repository.js';
import * as repository from './reactions.repository.js';
import { assertMayInteract } from '../blocks/blocks.service.js';
import { inTransaction, recordEvent } from '../effects/effects.service.js';

/**
 * Likes, wants (行きたい / 参加したい) and station wants (行きたい駅). Setting a state twice is
 * the same as once (200 both times). A post's counter moves in the same transaction as the
 * row, and only when `insert … on conflict do nothing` / `delete` really changed one, with
 * the post locked first: the counters stay equal to the rows however many requests race. A
 * change records its domain event (liked, unliked, …) in the same transaction
 * (docs/architecture.md#domain-events).
 */

/** A member who left mid-request, or a post deleted meanwhile: nothing was written. */
function asGone(error: unknown): unknown {
  return isForeignKeyViolation(error) ? notFound(M.notFound) : error;
}

export async function setLike(
  db: Database,
  userId: string,
  postId: string,
  liked: boolean,
): Promise<LikeState> {
  return inTransaction(db, async (tx) => {
    const post = await repository.lockPost(tx, postId);
    if (!post) throw notFound(M.notFound);
    if (liked) await assertMayInteract(tx, post.userId, userId);
    const changedAt = liked
      ? await repository.insertLike(tx, postId, userId)
      : await repository.deleteLike(tx, postId, userId);
    if (!changedAt) return { liked, like_count: post.likeCount };
    const likeCount = await repository.addToCounter(tx, postId, 'likeCount', liked ? 1 : -1);
    await recordEvent(tx, {
      type: liked ? 'liked' : 'unliked',
      actorId: userId,
      postId,
      ownerId: post.userId,
      at: changedAt,
    });
    return { liked, like_count: likeCount };
  }).catch((error: unknown) => {
    throw asGone(error);
  });
}

/** Only spots (行きたい) and events (参加したい) can be wanted; photo posts cannot. */
export async function setPostWant(
  db: Database,
  userId: string,
  postId: string,
  wanted: boolean,
): Promise<WantState> {
  return inTransaction(db, async (tx) => {
    const post = await repository.lockPost(tx, postId);
    if (!post) throw notFound(M.notFound);
    if (post.kind === 'image') throw new HttpError('VALIDATION_FAILED', M.wantNotForImages);
    if (wanted) await assertMayInteract(tx, post.userId, userId);
    const changedAt = wanted
      ? await repository.insertPostWant(tx, postId, userId)
      : await repository.deletePostWant(tx, postId, userId);
    if (!changedAt) return { wanted, want_count: post.wantCount };
    const wantCount = await repository.addToCounter(tx, postId, 'wantCount', wanted ? 1 : -1);
    await recordEvent(tx, {
      type: wanted ? 'wanted' : 'unwanted',
      actorId: userId,
      postId,
      ownerId: post.userId,
      at: changedAt,
    });
    return { wanted, want_count: wantCount };
  }).catch((error: unknown) => {
    throw asGone(error);
  });
}

export async function setStationWant(
  db: Database,
  userId: string,
  stationGroupId: number,
  wanted: boolean,
): Promise<WantState> {
  if (!(await posts.stationGroupExists(db, stationGroupId))) throw notFound(M.stationNotFound);
  return inTransaction(db, async (tx) => {
    const changed = wanted
      ? await repository.insertStationWant(tx, stationGroupId, userId)
      : await repository.deleteStationWant(tx, stationGroupId, userId);
    if (changed)
      await recordEvent(tx, {
        type: wanted ? 'station-wanted' : 'station-unwanted',
        userId,
        stationGroupId,
      });
    return { wanted, want_count: await repository.countStationWants(tx, stationGroupId) };
  }).catch((error: unknown) => {
    throw isForeignKeyViolation(error) ? notFound(M.stationNotFound) : error;
  });
}

/** Whether the viewer (if signed in) wants to visit the station, and how many members do. */
export async function getStationWant(
  db: Database,
  userId: string | null,
  stationGroupId: number,
): Promise<WantState> {
  if (!(await posts.stationGroupExists(db, stationGroupId))) throw notFound(M.stationNotFound);
  const [wanted, wantCount] = await Promise.all([
    userId ? repository.hasStationWant(db, stationGroupId, userId) : false,
    repository.countStationWants(db, stationGroupId),
  ]);
  return { wanted, want_count: wantCount };
}
