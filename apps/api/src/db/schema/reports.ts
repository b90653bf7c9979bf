import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';
import { users } from './users.js';

export const reportTargetKind = pgEnum('report_target_kind', ['post', 'comment', 'user', 'list']);
export const reportReason = pgEnum('report_reason', [
  'spam',
  'harassment',
  'privacy',
  'illegal',
  'inappropriate_image',
  'other',
]);
export const reportStatus = pgEnum('report_status', ['open', 'dismissed', 'actioned']);

/**
 * A member's report of a post, comment, member or list to the moderators (docs/moderation.md).
 * The target is named by kind and id, without a foreign key: a report stays as history when
 * the item is removed. `targetOwnerId` is the item's author (the member, for a member), so the
 * moderators see an author's record across items.
 */
export const reports = pgTable(
  'reports',
  {
    id: idColumn(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: reportTargetKind('target_kind').notNull(),
    targetId: uuid('target_id').notNull(),
    targetOwnerId: uuid('target_owner_id').references(() => users.id, { onDelete: 'set null' }),
    reason: reportReason('reason').notNull(),
    note: text('note'),
    status: reportStatus('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // One open report per member and item; once it is resolved, a new one may follow.
    uniqueIndex('reports_open_once_key')
      .on(table.reporterId, table.targetKind, table.targetId)
      .where(sql`${table.status} = 'open'`),
    index('reports_target_idx').on(table.targetKind, table.targetId),
    index('reports_open_created_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'open'`),
    index('reports_owner_idx').on(table.targetOwnerId),
    index('reports_reporter_created_idx').on(table.reporterId, table.createdAt.desc()),
  ],
);
