import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { posts } from './posts.js';
import { stationGroups } from './stations.js';
import { users } from './users.js';

export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.followeeId] }),
    index('follows_followee_created_idx').on(table.followeeId, table.createdAt.desc()),
    index('follows_follower_created_idx').on(table.followerId, table.createdAt.desc()),
    check('follows_not_self_check', sql`${table.followerId} <> ${table.followeeId}`),
  ],
);

/** A member no longer wants anything to do with another (docs/people.md). Private to the blocker. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('blocks_blocker_created_idx').on(table.blockerId, table.createdAt.desc()),
    index('blocks_blocked_idx').on(table.blockedId),
    check('blocks_not_self_check', sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/** The muter no longer sees the muted member's posts and comments; nobody is told. */
export const mutes = pgTable(
  'mutes',
  {
    muterId: uuid('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: uuid('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.muterId, table.mutedId] }),
    index('mutes_muter_created_idx').on(table.muterId, table.createdAt.desc()),
    index('mutes_muted_idx').on(table.mutedId),
    check('mutes_not_self_check', sql`${table.muterId} <> ${table.mutedId}`),
  ],
);

/** Ordered, titled collections of stations and posts. */
export const lists = pgTable(
  'lists',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(true),
    /** Kept equal to the rows in list_items by a trigger (migration 0004), whatever deletes them. */
    itemCount: integer('item_count').notNull().default(0),
    /** Hidden by a moderator (docs/moderation.md#hidden-items). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The list timelines walk public lists by their last update (docs/lists.md).
    index('lists_public_updated_idx')
      .on(table.updatedAt.desc(), table.id.desc())
      .where(sql`${table.isPublic}`),
    index('lists_user_updated_idx').on(table.userId, table.updatedAt.desc(), table.id.desc()),
  ],
);

export const listItems = pgTable(
  'list_items',
  {
    id: idColumn(),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    stationGroupId: integer('station_group_id').references(() => stationGroups.id, {
      onDelete: 'cascade',
    }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('list_items_list_position_idx').on(table.listId, table.position),
    index('list_items_post_idx').on(table.postId),
    // A station or a post is in a list at most once.
    uniqueIndex('list_items_list_station_key')
      .on(table.listId, table.stationGroupId)
      .where(sql`${table.stationGroupId} is not null`),
    uniqueIndex('list_items_list_post_key')
      .on(table.listId, table.postId)
      .where(sql`${table.postId} is not null`),
    check(
      'list_items_one_target_check',
      sql`(${table.stationGroupId} is null) <> (${table.postId} is null)`,
    ),
  ],
);

/** 駅スタンプ: one per station group per user, from a verified check-in (docs/stamps.md). */
export const stamps = pgTable(
  'stamps',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stationGroupId: integer('station_group_id')
      .notNull()
      .references(() => stationGroups.id, { onDelete: 'cascade' }),
    /**
     * The 100 m band the device was in (0 = under 100 m). The device position itself is never
     * stored (docs/stamps.md#location-privacy).
     */
    distanceBucket: smallint('distance_bucket'),
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * 「記録のみ」: brought in from an archive, never checked at the station, so it has no
     * distance band and counts for no station total or ranking (docs/archive.md#importing).
     */
    recordOnly: boolean('record_only').notNull().default(false),
  },
  (table) => [
    check(
      'stamps_checked_in_band_check',
      sql`${table.recordOnly} or ${table.distanceBucket} is not null`,
    ),
    uniqueIndex('stamps_user_station_key').on(table.userId, table.stationGroupId),
    index('stamps_user_collected_idx').on(table.userId, table.collectedAt.desc(), table.id.desc()),
    index('stamps_station_idx').on(table.stationGroupId),
  ],
);

export const mailCategory = pgEnum('mail_category', ['essential', 'notification']);
export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

/** Mail is written here in the request's transaction and sent by a worker with retries. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    headers: text('headers').notNull().default('{}'),
    category: mailCategory('category').notNull(),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
