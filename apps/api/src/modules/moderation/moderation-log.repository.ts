import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { descending } from '../../db/order.js';
import { moderationActions } from '../../db/schema/index.js';
import type { PageKey } from '../../lib/page-cursor.js';

/**
 * Drizzle queries for the audit log (docs/moderation.md#audit-log): rows are added, never
 * changed (migration 0016's trigger refuses an update or a delete).
 */

export type LogRow = typeof moderationActions.$inferSelect;
export type NewLogRow = typeof moderationActions.$inferInsert;

export async function insertAction(db: Database, row: NewLogRow): Promise<LogRow> {
  const [written] = await db.insert(moderationActions).values(row).returning();
  if (!written) throw new Error('insert into moderation_actions returned no row');
  return written;
}

const micros = sql<string>`(extract(epoch from ${moderationActions.createdAt}) * 1000000)::bigint::text`;

/** A page of the log, newest first; `limit + 1` rows for paging. */
export async function findLog(
  db: Database,
  after: PageKey | null,
  limit: number,
): Promise<(LogRow & { micros: string })[]> {
  return db
    .select({ ...getColumns(), micros })
    .from(moderationActions)
    .where(
      after
        ? sql`(${moderationActions.createdAt}, ${moderationActions.id}) < ((timestamptz 'epoch' + (${after.micros}::text || ' microseconds')::interval), ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(descending(moderationActions.createdAt), descending(moderationActions.id))
    .limit(limit);
}

function getColumns() {
  const m = moderationActions;
  return {
    id: m.id,
    moderatorId: m.moderatorId,
    moderatorName: m.moderatorName,
    action: m.action,
    targetKind: m.targetKind,
    targetId: m.targetId,
    targetOwnerId: m.targetOwnerId,
    targetOwnerName: m.targetOwnerName,
    targetSummary: m.targetSummary,
    reason: m.reason,
    suspendedUntil: m.suspendedUntil,
    reportsClosed: m.reportsClosed,
    createdAt: m.createdAt,
  };
}
