import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * The first answer to a member's write sent with an `Idempotency-Key`, kept for a day so a
 * retried request (an action queued offline and sent again) is answered the same without doing
 * the action twice (docs/architecture.md#idempotent-writes). `statusCode` is null while the
 * first request is still being handled.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and path of the request (`POST /api/v2/posts/…/comments`). */
    request: text('request').notNull(),
    /**
     * A hash of the method, path and body (plugins/idempotency.ts): the key replays only the
     * request it was first sent with. Null on rows from before it was kept.
     */
    fingerprint: text('fingerprint'),
    statusCode: integer('status_code'),
    body: text('body'),
    contentType: text('content_type'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ name: 'idempotency_keys_pk', columns: [table.userId, table.key] })],
);

/** Rows older than this are forgotten: the key may be used again. */
export const IDEMPOTENCY_KEY_TTL = sql`interval '24 hours'`;
