import { NOTIFICATION_MAIL_DEFAULTS, type ModerationActionKind } from '@ekispot/shared';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import type { EventOf } from '../../lib/domain-events.js';
import { queuePushes } from '../push/push.service.js';
import * as jobs from './notification-jobs.repository.js';
import * as repository from './notifications.repository.js';

/**
 * Writing notifications (docs/notifications.md), in the transaction of the action they tell of:
 * the rows, the push queued for each (docs/pwa.md#push) and the mail digest's due time. The
 * effects of each domain event (modules/effects/effects.service.ts) call these; each returns
 * the members told, whose live streams the caller pokes after the commit.
 */

/**
 * The hub's topic for "a post was published", heard by the open post timelines
 * (docs/timelines.md#new-posts); member ids never look like it.
 */
export const NEW_POSTS_TOPIC = 'timeline:posts';

/** A burst of notifications within this time goes out as one mail. */
export const MAIL_DIGEST_DELAY_SECONDS = 10 * 60;

const insertOptions = (refresh: boolean) => ({
  refresh,
  mailDefaults: NOTIFICATION_MAIL_DEFAULTS,
  mailDelaySeconds: MAIL_DIGEST_DELAY_SECONDS,
});

/**
 * Writes one notification for each member `recipients` selects (who may not hear from the
 * actor is left out, notifications.repository.ts), queues their pushes and sets their mail's
 * due time. Returns the members told.
 */
async function tell(
  tx: Database,
  recipients: SQL,
  values: repository.NotificationValues,
  options: ReturnType<typeof insertOptions> & { fromOperators?: boolean },
): Promise<string[]> {
  const rows = await repository.insertForRecipients(tx, recipients, values, options);
  // Pushed to members with a device who want the type, in this transaction.
  await queuePushes(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => row.userId);
}

const onPost = (actorId: string, postId: string): repository.NotificationValues => ({
  type: 'like',
  actorId,
  targetKey: postId,
  postId,
  commentId: null,
  stationGroupId: null,
});

const onMember = (actorId: string): repository.NotificationValues => ({
  type: 'follow',
  actorId,
  targetKey: '',
  postId: null,
  commentId: null,
  stationGroupId: null,
});

interface Reaction {
  actorId: string;
  ownerId: string;
  postId: string;
}

/**
 * A like or want tells the post's owner; a repeat (like, unlike, like) writes nothing new.
 * Nothing is written for one's own actions or where a block or a mute stands.
 */
export function tellReaction(
  tx: Database,
  type: 'like' | 'want',
  reaction: Reaction,
): Promise<string[]> {
  return tell(
    tx,
    repository.oneRecipient(reaction.ownerId),
    { ...onPost(reaction.actorId, reaction.postId), type },
    insertOptions(false),
  );
}

/** An undone like or want: its unread notification goes (a read one stays as history). */
export async function withdrawReaction(
  tx: Database,
  type: 'like' | 'want',
  reaction: Reaction,
): Promise<string[]> {
  const key = {
    userId: reaction.ownerId,
    actorId: reaction.actorId,
    type,
    targetKey: reaction.postId,
  };
  return (await repository.deleteUnread(tx, key)) ? [reaction.ownerId] : [];
}

/**
 * A comment tells the post's owner (`comment`) and the post's other commenters (`reply`); a
 * new comment by the same member counts as new and unread again.
 */
export async function tellComment(
  tx: Database,
  comment: Reaction & { commentId: string },
): Promise<string[]> {
  const values = {
    ...onPost(comment.actorId, comment.postId),
    type: 'comment' as const,
    commentId: comment.commentId,
  };
  const told = await tell(
    tx,
    repository.oneRecipient(comment.ownerId),
    values,
    insertOptions(true),
  );
  told.push(
    ...(await tell(
      tx,
      repository.otherCommenters(comment.postId, comment.ownerId),
      { ...values, type: 'reply' },
      insertOptions(true),
    )),
  );
  return told;
}

/**
 * Members holding notifications about a comment about to be deleted: they go with it (the
 * foreign key cascades), and these members' counts change.
 */
export function holdersOfComment(tx: Database, commentId: string): Promise<string[]> {
  return repository.findRecipientsOfComment(tx, commentId);
}

/** A follow tells the member followed. */
export function tellFollow(
  tx: Database,
  followerId: string,
  followeeId: string,
): Promise<string[]> {
  return tell(tx, repository.oneRecipient(followeeId), onMember(followerId), insertOptions(false));
}

/** An unfollow withdraws the follow's unread notification. */
export async function withdrawFollow(
  tx: Database,
  followerId: string,
  followeeId: string,
): Promise<string[]> {
  const key = { userId: followeeId, actorId: followerId, type: 'follow' as const, targetKey: '' };
  return (await repository.deleteUnread(tx, key)) ? [followeeId] : [];
}

/**
 * A new post: its followers (`followed_post`) and the members who want to visit its station
 * (`station_post`) are told by a job that runs after the commit (notification-worker.ts), so a
 * member with 10,000 followers posts as fast as anyone.
 */
export function queuePostFanOut(tx: Database, postId: string): Promise<void> {
  return jobs.insertJob(tx, postId);
}

/** The fan-out job's work, in its own transaction: writes the post's notifications. */
export async function fanOutPost(tx: Database, postId: string): Promise<string[]> {
  const post = await jobs.findFanOutPost(tx, postId);
  if (!post) return [];
  const values = {
    actorId: post.userId,
    targetKey: post.id,
    postId: post.id,
    commentId: null,
    stationGroupId: post.stationGroupId,
  };
  const told = await tell(
    tx,
    jobs.followersOf(post.userId),
    { ...values, type: 'followed_post' },
    insertOptions(false),
  );
  if (post.stationGroupId !== null) {
    told.push(
      ...(await tell(
        tx,
        jobs.stationWantersOf(post.stationGroupId, post.userId),
        { ...values, type: 'station_post' },
        insertOptions(false),
      )),
    );
  }
  return told;
}

/** Actions the item's author hears of (a dismissal is between the reporters and the moderators). */
const AUTHOR_HEARS: ReadonlySet<ModerationActionKind> = new Set([
  'hide',
  'remove',
  'warn',
  'suspend',
  'restore',
]);

/** Actions that take an item or a member out of sight, or bring them back. */
const SIGHT_CHANGES: ReadonlySet<ModerationActionKind> = new Set(['hide', 'suspend', 'restore']);

/**
 * A moderator's decision is told to the members whose reports it closed and to the item's
 * author (docs/moderation.md#outcomes), as notices from the operators: each recipient is the
 * row's actor. A removed item is not linked (its row is about to go); a restore that brought
 * nothing back tells no one. Returns the members told and those whose lists and counts the
 * decision changed (db/moderated.ts).
 */
export async function tellModeration(tx: Database, event: EventOf<'moderated'>): Promise<string[]> {
  if (event.action === 'restore' && !event.restored) return [];
  const changed = SIGHT_CHANGES.has(event.action)
    ? await repository.findRecipientsAbout(tx, event.target)
    : [];
  const linked = event.action !== 'remove';
  const values: repository.NotificationValues = {
    type: 'moderation',
    actorId: event.actionId,
    targetKey: event.actionId,
    postId: linked && event.target.kind === 'post' ? event.target.id : null,
    commentId: linked && event.target.kind === 'comment' ? event.target.id : null,
    stationGroupId: null,
  };
  const recipients = event.reporterIds.filter((id) => id !== event.ownerId);
  if (event.ownerId && AUTHOR_HEARS.has(event.action)) recipients.push(event.ownerId);
  if (recipients.length === 0) return changed;
  const told = await tell(tx, repository.recipientsOf(recipients), values, {
    ...insertOptions(false),
    fromOperators: true,
  });
  return [...changed, ...told];
}
