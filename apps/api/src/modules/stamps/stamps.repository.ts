import { and, asc, count, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { descending } from '../../db/order.js';
import { stamps } from '../../db/schema/index.js';

/** The only place with Drizzle queries for stamps (docs/conventions.md#api-modules). */

export async function findStamp(db: Database, userId: string, stationGroupId: number) {
  const [row] = await db
    .select()
    .from(stamps)
    .where(and(eq(stamps.userId, userId), eq(stamps.stationGroupId, stationGroupId)));
  return row ?? null;
}

/** The member's latest stamp (the speed rule measures from it). */
/**
 * The member's stamps just before (or at) and just after `at`: a check-in dated `at` must be a
 * believable trip from the one and to the other (a queued check-in may arrive after a later
 * one).
 */
export async function findStampsAround(db: Database, userId: string, at: Date) {
  const columns = { stationGroupId: stamps.stationGroupId, collectedAt: stamps.collectedAt };
  // One after the other: inside a transaction the queries share one connection.
  const before = await db
    .select(columns)
    .from(stamps)
    .where(and(eq(stamps.userId, userId), lte(stamps.collectedAt, at)))
    .orderBy(descending(stamps.collectedAt), descending(stamps.id))
    .limit(1);
  const after = await db
    .select(columns)
    .from(stamps)
    .where(and(eq(stamps.userId, userId), gt(stamps.collectedAt, at)))
    .orderBy(asc(stamps.collectedAt), asc(stamps.id))
    .limit(1);
  return [...before, ...after];
}

export async function insertStamp(
  db: Database,
  values: { userId: string; stationGroupId: number; distanceBucket: number; collectedAt: Date },
) {
  const [row] = await db.insert(stamps).values(values).returning();
  if (!row) throw new Error('insert into stamps returned no row');
  return row;
}

/** Members who checked in at the station: 「記録のみ」 stamps (imports) are not counted. */
export async function countStampsOfStation(db: Database, stationGroupId: number) {
  const [row] = await db
    .select({ value: count() })
    .from(stamps)
    .where(and(eq(stamps.stationGroupId, stationGroupId), eq(stamps.recordOnly, false)));
  return row?.value ?? 0;
}

/** How many stamps the member has collected. */
export async function countStampsOfMember(db: Database, userId: string) {
  const [row] = await db.select({ value: count() }).from(stamps).where(eq(stamps.userId, userId));
  return row?.value ?? 0;
}

/** Every station group the member has stamped (at most the ~9,000 groups). */
export async function findStampedGroupIds(db: Database, userId: string): Promise<number[]> {
  const rows = await db
    .select({ stationGroupId: stamps.stationGroupId })
    .from(stamps)
    .where(eq(stamps.userId, userId));
  return rows.map((row) => row.stationGroupId);
}
