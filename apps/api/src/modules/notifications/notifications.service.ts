import {
  NOTIFICATION_MAIL_DEFAULTS,
  NOTIFICATION_TYPES,
  type NotificationEvent,
  type NotificationPage,
  type NotificationPreferences,
  type ModerationActionKind,
  type NotificationType,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { afterCommit } from '../../lib/after-commit.js';
import type { DomainEvent } from '../../lib/domain-events.js';
import { decodeCursor, toPage } from '../../lib/page-cursor.js';
import * as jobs from './notification-jobs.repository.js';
import * as streamReads from './notification-stream.repository.js';
import { presentGroups } from './notification-presenter.js';
import * as repository from './notifications.repository.js';

export { endWithSession } from './session-watch.js';

/**
 * Notification rules (docs/notifications.md). `notifyOfEvent` hears every domain event inside
 * the transaction that records it, so a notification exists exactly when the action does;
 * undoing the action withdraws it. Streams hear of it after the commit.
 */

/** Wakes the streams of these members (or topics) once the request has committed. */
function pokeAfterCommit(topics: readonly string[]): void {
  if (topics.length > 0) afterCommit(({ publish }) => publish(topics));
}

/** A burst of notifications within this time goes out as one mail. */
export const MAIL_DIGEST_DELAY_SECONDS = 10 * 60;

type NotifyEvent =
  | { type: 'like' | 'want'; recipientId: string; actorId: string; postId: string }
  | {
      /** Tells the post's owner (`comment`) and the post's other commenters (`reply`). */
      type: 'comment';
      recipientId: string;
      actorId: string;
      postId: string;
      commentId: string;
    }
  | { type: 'follow'; recipientId: string; actorId: string };

function valuesOf(event: NotifyEvent): repository.NotificationValues {
  switch (event.type) {
    case 'follow':
      return { ...base(event), targetKey: '', postId: null };
    case 'comment':
      return {
        ...base(event),
        targetKey: event.postId,
        postId: event.postId,
        commentId: event.commentId,
      };
    default:
      return { ...base(event), targetKey: event.postId, postId: event.postId };
  }
}

function base(event: NotifyEvent): repository.NotificationValues {
  return {
    type: event.type,
    actorId: event.actorId,
    targetKey: '',
    postId: null,
    commentId: null,
    stationGroupId: null,
  };
}

const insertOptions = (refresh: boolean) => ({
  refresh,
  mailDefaults: NOTIFICATION_MAIL_DEFAULTS,
  mailDelaySeconds: MAIL_DIGEST_DELAY_SECONDS,
});

/**
 * Records what `event.actorId` did for its recipient(s), in the caller's transaction. Nothing
 * is written for one's own actions or between members where a block or a mute stands; a
 * repeat (like, unlike, like) writes nothing new.
 */
async function notify(tx: Database, event: NotifyEvent): Promise<void> {
  const values = valuesOf(event);
  const refresh = event.type === 'comment';
  const told = await repository.insertForRecipients(
    tx,
    repository.oneRecipient(event.recipientId),
    values,
    insertOptions(refresh),
  );
  if (event.type === 'comment') {
    told.push(
      ...(await repository.insertForRecipients(
        tx,
        repository.otherCommenters(event.postId, event.recipientId),
        { ...values, type: 'reply' },
        insertOptions(true),
      )),
    );
  }
  pokeAfterCommit(told);
}

/** Undoes `notify` for an undone like, want or follow: its unread notification goes. */
async function withdraw(
  tx: Database,
  event: Exclude<NotifyEvent, { type: 'comment' }>,
): Promise<void> {
  const { targetKey, type, actorId } = valuesOf(event);
  if (await repository.deleteUnread(tx, { userId: event.recipientId, actorId, type, targetKey }))
    pokeAfterCommit([event.recipientId]);
}

/**
 * The hub's topic for "a post was published", heard by the open post timelines
 * (docs/timelines.md#new-posts); member ids never look like it.
 */
export const NEW_POSTS_TOPIC = 'timeline:posts';

/**
 * The notifications' subscriber to domain events (plugins/domain-events.ts), in the action's
 * transaction:
 * - a like, want, comment or follow tells the other member; its undoing withdraws the unread
 *   notification. A block withdraws nothing: what came from the blocked member is hidden
 *   while the block stands (repository `visibleTo`).
 * - a comment about to be deleted takes its notifications with it (the foreign key cascades);
 *   the streams of those who held one are told.
 * - a new post: followers (`followed_post`) and members who want to visit its station
 *   (`station_post`) are told by a job that runs after the commit (notification-worker.ts), so
 *   a member with 10,000 followers posts as fast as anyone; open timelines hear of it after
 *   the commit too.
 */
export async function notifyOfEvent(tx: Database, event: DomainEvent): Promise<void> {
  switch (event.type) {
    case 'liked':
    case 'wanted':
    case 'unliked':
    case 'unwanted': {
      const told = {
        type:
          event.type === 'liked' || event.type === 'unliked'
            ? ('like' as const)
            : ('want' as const),
        recipientId: event.ownerId,
        actorId: event.actorId,
        postId: event.postId,
      };
      if (event.type === 'liked' || event.type === 'wanted') await notify(tx, told);
      else await withdraw(tx, told);
      return;
    }
    case 'commented':
      return notify(tx, {
        type: 'comment',
        recipientId: event.ownerId,
        actorId: event.actorId,
        postId: event.postId,
        commentId: event.commentId,
      });
    case 'comment-removed':
      return pokeAfterCommit(await repository.findRecipientsOfComment(tx, event.commentId));
    case 'followed':
      return notify(tx, {
        type: 'follow',
        recipientId: event.followeeId,
        actorId: event.followerId,
      });
    case 'unfollowed':
      return withdraw(tx, {
        type: 'follow',
        recipientId: event.followeeId,
        actorId: event.followerId,
      });
    case 'posted':
      await jobs.insertJob(tx, event.postId);
      return pokeAfterCommit([NEW_POSTS_TOPIC]);
    case 'moderated':
      return notifyOfModeration(tx, event);
    case 'sessions-ended':
    case 'member-left':
      // The member's open streams recheck their session on the poke, and end if it is gone.
      return pokeAfterCommit([event.userId]);
    default:
      return;
  }
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
 * nothing back tells no one.
 */
async function notifyOfModeration(
  tx: Database,
  event: Extract<DomainEvent, { type: 'moderated' }>,
): Promise<void> {
  if (event.action === 'restore' && !event.restored) return;
  // What others see of the item changed: their lists and counts did (db/moderated.ts).
  if (SIGHT_CHANGES.has(event.action))
    pokeAfterCommit(await repository.findRecipientsAbout(tx, event.target));
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
  if (recipients.length === 0) return;
  const told = await repository.insertForRecipients(
    tx,
    repository.recipientsOf(recipients),
    values,
    {
      ...insertOptions(false),
      fromOperators: true,
    },
  );
  pokeAfterCommit(told);
}

export async function listNotifications(
  db: Database,
  userId: string,
  query: { cursor?: string; limit: number },
): Promise<NotificationPage> {
  const rows = await repository.findGroups(db, userId, decodeCursor(query.cursor), query.limit + 1);
  const page = toPage(
    rows.map((row) => ({ ...row, cursorKey: { micros: row.latestMicros, id: row.latestId } })),
    query.limit,
  );
  return { items: await presentGroups(db, page.items, userId), next_cursor: page.nextCursor };
}

export function countUnread(db: Database, userId: string): Promise<number> {
  return repository.countUnread(db, userId);
}

/** Marks the caller's own notifications read (others' ids are ignored) and returns the unread count. */
export async function markRead(
  db: Database,
  userId: string,
  ids: readonly string[] | null,
): Promise<number> {
  if (await repository.markRead(db, userId, ids)) pokeAfterCommit([userId]);
  return repository.countUnread(db, userId);
}

/**
 * Where a live stream stands: the highest event number it has sent, and the database snapshot
 * of its last read (null: none yet), under which rows that were still being written then can
 * be told apart (docs/notifications.md#event-order).
 */
export interface StreamCursor {
  seq: number;
  snapshot: string | null;
}

/** Where a fresh stream starts: after the newest notification. */
export function latestEventId(db: Database, userId: string): Promise<StreamCursor> {
  return streamReads.latestSeq(db, userId);
}

/**
 * What a stream at `cursor` has not sent, oldest first, and its next cursor: new
 * notifications, and those that committed after its last read with a lower number.
 */
export async function findEventsSince(
  db: Database,
  userId: string,
  cursor: StreamCursor,
  limit: number,
): Promise<{ events: { seq: number; event: NotificationEvent }[]; cursor: StreamCursor }> {
  const rows = await streamReads.findSince(db, userId, cursor, limit);
  const events = rows.map((row) => ({
    seq: row.seq,
    event: {
      id: row.id,
      type: row.type,
      actor: { id: row.actorId, name: row.actorName, avatar: row.actorAvatar },
      post_id: row.postId,
      created_at: row.createdAt.toISOString(),
    },
  }));
  const seq = events.reduce((highest, { seq }) => Math.max(highest, seq), cursor.seq);
  // Without rows the read's snapshot is unknown; the earlier one still covers what it missed.
  return { events, cursor: { seq, snapshot: rows[0]?.snapshot ?? cursor.snapshot } };
}

const isType = (value: string): value is NotificationType =>
  (NOTIFICATION_TYPES as readonly string[]).includes(value);

export async function getPreferences(
  db: Database,
  userId: string,
): Promise<NotificationPreferences> {
  const stored = await repository.findMailTypes(db, userId);
  return {
    mail_types: stored ? stored.filter(isType) : [...NOTIFICATION_MAIL_DEFAULTS],
  };
}

export async function savePreferences(
  db: Database,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  await repository.saveMailTypes(db, userId, [...new Set(preferences.mail_types)]);
  return getPreferences(db, userId);
}
