import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { createdAt, idColumn } from './columns.js';
import { users } from './users.js';

/** Where an archive job is (docs/archive.md#the-job). */
export const archiveJobStatus = pgEnum('archive_job_status', [
  'pending',
  'running',
  'ready',
  'failed',
]);

/**
 * One whole-account archive a member asked for (docs/archive.md). The row is the job: a worker
 * claims it under a lease, so a process that dies mid-way leaves a row another pass restarts.
 * A member who leaves keeps no row: `user_id` goes null and the next pass deletes the file and
 * the row (the file is not the database's to cascade).
 */
export const archiveJobs = pgTable(
  'archive_jobs',
  {
    id: idColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The Japan day it was asked for: one archive a day per member. */
    requestedOn: date('requested_on', { mode: 'string' }).notNull(),
    status: archiveJobStatus('status').notNull().default('pending'),
    itemsDone: integer('items_done').notNull().default(0),
    itemsTotal: integer('items_total').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The ZIP in the image storage once ready (`archives/<hex>.zip`). */
    storageKey: text('storage_key'),
    byteSize: bigint('byte_size', { mode: 'number' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('archive_jobs_user_day_key').on(table.userId, table.requestedOn),
    index('archive_jobs_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('archive_jobs_due_idx')
      .on(table.createdAt)
      .where(sql`${table.status} in ('pending', 'running')`),
  ],
);

/**
 * What an import brought in, keyed by the item's id in the archive it came from: the same
 * archive imported again finds every key and adds nothing (docs/archive.md#importing).
 */
export const archiveImportItems = pgTable(
  'archive_import_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `post`, `list`, `stamp`, `settings`. */
    kind: text('kind').notNull(),
    /** The archive's own account id and the item's id there (`<account>/<id>`). */
    sourceKey: text('source_key').notNull(),
    /** What it became here (a post or list id; a station group id for a stamp). */
    targetId: text('target_id'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.sourceKey] })],
);
