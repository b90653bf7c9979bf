import { sql } from 'drizzle-orm';
import {
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';
import { comments, posts } from './posts.js';
import { users } from './users.js';

/**
 * The search index of posts and comments (docs/search.md#indexing): one row per post and per
 * comment, written in the transaction that writes the text, gone with it by cascade. `tokens`
 * are the folded text's characters, neighbouring pairs and words; a plain GIN index over the
 * array serves both PGlite (C locale, no ICU) and PostgreSQL.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    /** The post's id, or the comment's. */
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The folded title (empty for a comment), ranked above the body. */
    title: text('title').notNull().default(''),
    /** The folded title and body (or comment), checked for each term's exact run. */
    text: text('text').notNull(),
    tokens: text('tokens').array().notNull(),
    /** The hashtags, NFKC and lower case, without `#`. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('search_documents_tokens_idx').using('gin', table.tokens),
    index('search_documents_tags_idx').using('gin', table.tags),
    index('search_documents_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('search_documents_post_idx').on(table.postId),
  ],
);

/** Tags a member follows: their posts join the member's following timeline. */
export const tagFollows = pgTable(
  'tag_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tag] })],
);

export const wordMuteMode = pgEnum('word_mute_mode', ['hide', 'fold']);

/** Words, phrases and tags a member does not want to read, until `expires_at` (null: for good). */
export const wordMutes = pgTable(
  'word_mutes',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As the member typed it. */
    phrase: text('phrase').notNull(),
    /** Folded as search folds text (`#tag` as tags are folded). */
    folded: text('folded').notNull(),
    mode: wordMuteMode('mode').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('word_mutes_user_folded_key').on(table.userId, table.folded)],
);
