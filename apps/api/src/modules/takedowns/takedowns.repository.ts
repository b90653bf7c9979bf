import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReportTargetKind } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { takedownRequests } from '../../db/schema/index.js';

/** Drizzle queries for takedown requests (docs/conventions.md#api-modules). */

export type TakedownRow = typeof takedownRequests.$inferSelect;
export type NewTakedown = Omit<
  typeof takedownRequests.$inferInsert,
  'id' | 'status' | 'createdAt' | 'confirmedAt' | 'resolvedAt' | 'resolvedBy'
>;

/** Inserts the request; null when its receipt number is taken already (draw another). */
export async function insertTakedown(
  db: Database,
  values: NewTakedown,
): Promise<TakedownRow | null> {
  const [row] = await db
    .insert(takedownRequests)
    .values(values)
    .onConflictDoNothing({ target: takedownRequests.receiptNumber })
    .returning();
  return row ?? null;
}

/** The request a confirmation link's hash names, locked until the transaction ends. */
export async function findByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      id: takedownRequests.id,
      receiptNumber: takedownRequests.receiptNumber,
      status: takedownRequests.status,
      expired: sql<boolean>`${takedownRequests.tokenExpiresAt} <= now()`,
    })
    .from(takedownRequests)
    .where(eq(takedownRequests.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

/** unconfirmed → open, from now on; null when it was not unconfirmed. */
export async function markConfirmed(db: Database, id: string): Promise<TakedownRow | null> {
  const [row] = await db
    .update(takedownRequests)
    .set({ status: 'open', confirmedAt: sql`now()` })
    .where(and(eq(takedownRequests.id, id), eq(takedownRequests.status, 'unconfirmed')))
    .returning();
  return row ?? null;
}

/** Confirmed requests waiting for a moderator, the longest-waiting first. */
export async function findOpen(db: Database, limit: number): Promise<TakedownRow[]> {
  return db
    .select()
    .from(takedownRequests)
    .where(eq(takedownRequests.status, 'open'))
    .orderBy(asc(takedownRequests.confirmedAt), asc(takedownRequests.id))
    .limit(limit);
}

export interface ClosedTakedown {
  id: string;
  receiptNumber: string;
  url: string;
  name: string;
  email: string;
}

const closedColumns = {
  id: takedownRequests.id,
  receiptNumber: takedownRequests.receiptNumber,
  url: takedownRequests.url,
  name: takedownRequests.name,
  email: takedownRequests.email,
};

/** Closes every open request about one item; returns what was closed. */
export async function closeOpenFor(
  db: Database,
  target: { kind: ReportTargetKind; id: string },
  values: { status: 'dismissed' | 'actioned'; resolvedBy: string },
): Promise<ClosedTakedown[]> {
  return db
    .update(takedownRequests)
    .set({ ...values, resolvedAt: sql`now()` })
    .where(
      and(
        eq(takedownRequests.targetKind, target.kind),
        eq(takedownRequests.targetId, target.id),
        eq(takedownRequests.status, 'open'),
      ),
    )
    .returning(closedColumns);
}

/** Closes one open request; null when it is not open (or not there). */
export async function closeOpenById(
  db: Database,
  id: string,
  values: { status: 'dismissed' | 'actioned'; resolvedBy: string },
): Promise<ClosedTakedown | null> {
  const [row] = await db
    .update(takedownRequests)
    .set({ ...values, resolvedAt: sql`now()` })
    .where(and(eq(takedownRequests.id, id), eq(takedownRequests.status, 'open')))
    .returning(closedColumns);
  return row ?? null;
}
