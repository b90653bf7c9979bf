import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { comments, posts } from './posts.js';
import { stationGroups } from './stations.js';
import { users } from './users.js';

/** What happened (docs/notifications.md). */
export const notificationType = pgEnum('notification_type', [
  'like',
  'want',
  'comment',
  'reply',
  'follow',
  'followed_post',
  'station_post',
  /**
   * A moderator's decision told to a reporter or to the item's author; the row's actor is the
   * recipient, since moderators are not named to members (docs/moderation.md#outcomes).
   */
  'moderation',
]);

/** PostgreSQL's 64-bit transaction id, read as its decimal text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * One row per recipient, actor, type and target (`target_key`: the post's id, or '' for a
 * follow), so toggling a like never floods anyone. `seq` orders rows as they were written and
 * is the id of the live stream's events (Last-Event-ID).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    targetKey: text('target_key').notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    stationGroupId: integer('station_group_id').references(() => stationGroups.id, {
      onDelete: 'cascade',
    }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set when the recipient wants this type by mail: the digest due time (batched). */
    mailDueAt: timestamp('mail_due_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * The transaction that wrote (or refreshed) the row: a stream finds rows that committed
     * after it read, with a lower `seq` than one it sent (docs/notifications.md#event-order).
     */
    xact: xid8('xact')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (table) => [
    uniqueIndex('notifications_once_key').on(
      table.userId,
      table.type,
      table.targetKey,
      table.actorId,
    ),
    index('notifications_user_created_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    uniqueIndex('notifications_user_seq_key').on(table.userId, table.seq),
    index('notifications_user_xact_idx').on(table.userId, table.xact),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    index('notifications_mail_due_idx')
      .on(table.mailDueAt)
      .where(sql`${table.mailDueAt} is not null`),
    // Deleting a member, a post or a comment cascades here; these keep that from scanning.
    index('notifications_actor_idx').on(table.actorId),
    index('notifications_post_idx')
      .on(table.postId)
      .where(sql`${table.postId} is not null`),
    index('notifications_comment_idx')
      .on(table.commentId)
      .where(sql`${table.commentId} is not null`),
  ],
);

/**
 * The notification list's groups (type and target within one Japan day), kept by triggers on
 * notifications, blocks and mutes (migrations/0013_notification_groups.sql) so a page is a short
 * walk of one index and the unread count a sum over a few rows (docs/notifications.md#grouping).
 * Counts leave out actors the member blocked or muted, as the list does. A group whose
 * notifications all went stays with `actorCount` 0 (hidden), so refreshing it needs no delete.
 */
export const notificationGroups = pgTable(
  'notification_groups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    targetKey: text('target_key').notNull(),
    day: date('day').notNull(),
    latestAt: timestamp('latest_at', { withTimezone: true }).notNull(),
    latestId: uuid('latest_id').notNull(),
    /** Every notification of the group, newest first (marking the group read names them). */
    ids: uuid('ids').array().notNull(),
    /** The newest three actors, newest first. */
    actorIds: uuid('actor_ids').array().notNull(),
    actorCount: integer('actor_count').notNull(),
    unreadCount: integer('unread_count').notNull(),
    read: boolean('read').notNull(),
    postId: uuid('post_id'),
    commentId: uuid('comment_id'),
    stationGroupId: integer('station_group_id'),
  },
  (table) => [
    primaryKey({
      name: 'notification_groups_pk',
      columns: [table.userId, table.type, table.targetKey, table.day],
    }),
    index('notification_groups_page_idx')
      .on(table.userId, table.latestAt.desc(), table.latestId.desc())
      .where(sql`${table.actorCount} > 0`),
    index('notification_groups_unread_idx')
      .on(table.userId, table.unreadCount)
      .where(sql`${table.unreadCount} > 0`),
  ],
);

export const notificationJobStatus = pgEnum('notification_job_status', [
  'pending',
  'done',
  'failed',
]);

/**
 * Fan-out of a new post to followers and to members who want to visit its station: written in
 * the post's transaction, done by a worker after the commit, with retries (like mail_outbox).
 */
export const notificationJobs = pgTable(
  'notification_jobs',
  {
    id: idColumn(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    status: notificationJobStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    index('notification_jobs_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('notification_jobs_post_idx').on(table.postId),
  ],
);

/** Which notification types a member also wants by mail; no row means the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mailTypes: text('mail_types').array().notNull(),
  updatedAt: updatedAt(),
});
