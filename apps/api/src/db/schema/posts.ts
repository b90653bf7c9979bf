import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { images } from './images.js';
import { stationGroups } from './stations.js';
import { users } from './users.js';

export const postKind = pgEnum('post_kind', ['spot', 'event', 'image']);

export const posts = pgTable(
  'posts',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: postKind('kind').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    stationGroupId: integer('station_group_id').references(() => stationGroups.id, {
      onDelete: 'set null',
    }),
    parentPostId: uuid('parent_post_id').references((): AnyPgColumn => posts.id, {
      onDelete: 'cascade',
    }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Denormalised counters, kept exact by the same transaction that writes the reaction. */
    likeCount: integer('like_count').notNull().default(0),
    wantCount: integer('want_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** Hidden by a moderator: shown to its author with a notice, to nobody else (docs/moderation.md). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Brought in from an archive (「取り込み」, docs/archive.md#importing); `created_at` is then the original date. */
    importedAt: timestamp('imported_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('posts_created_at_id_idx').on(table.createdAt.desc(), table.id.desc()),
    index('posts_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('posts_station_created_idx').on(
      table.stationGroupId,
      table.kind,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('posts_parent_created_idx').on(
      table.parentPostId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('posts_map_idx')
      .on(table.lat, table.lng)
      .where(sql`${table.lat} is not null`),
    // Events placed at their parent spot or station on the map (migration 0008).
    index('posts_events_without_point_idx')
      .on(table.id)
      .where(sql`${table.kind} = 'event' and ${table.lat} is null`),
    index('posts_event_starts_idx')
      .on(table.startsAt)
      .where(sql`${table.kind} = 'event'`),
    check(
      'posts_event_dates_check',
      sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.startsAt} < ${table.endsAt}`,
    ),
    check('posts_location_pair_check', sql`(${table.lat} is null) = (${table.lng} is null)`),
  ],
);

export const postImages = pgTable(
  'post_images',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.position] }),
    uniqueIndex('post_images_image_id_key').on(table.imageId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: idColumn(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Hidden by a moderator (docs/moderation.md#hidden-items). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('comments_post_created_idx').on(table.postId, table.createdAt, table.id),
    index('comments_user_created_idx').on(table.userId, table.createdAt.desc()),
  ],
);

export const likes = pgTable(
  'likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('likes_user_created_idx').on(table.userId, table.createdAt.desc(), table.postId),
  ],
);

/** 行きたい (spot) / 参加したい (event). */
export const postWants = pgTable(
  'post_wants',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('post_wants_user_created_idx').on(table.userId, table.createdAt.desc(), table.postId),
  ],
);

/** 行きたい駅. */
export const stationWants = pgTable(
  'station_wants',
  {
    stationGroupId: integer('station_group_id')
      .notNull()
      .references(() => stationGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.stationGroupId, table.userId] }),
    index('station_wants_user_created_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.stationGroupId,
    ),
  ],
);
