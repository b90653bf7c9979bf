import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { rideSettings, rides } from '../../db/schema/index.js';

/** The Drizzle queries of rides (docs/rides.md). */

export type RideRow = typeof rides.$inferSelect;
export type NewRideRow = typeof rides.$inferInsert;

export async function insertRides(db: Database, rows: NewRideRow[]): Promise<RideRow[]> {
  if (rows.length === 0) return [];
  return db.insert(rides).values(rows).returning();
}

export async function findRide(db: Database, id: string): Promise<RideRow | null> {
  const [row] = await db.select().from(rides).where(eq(rides.id, id));
  return row ?? null;
}

export async function updateRide(
  db: Database,
  id: string,
  userId: string,
  values: Partial<NewRideRow>,
): Promise<RideRow | null> {
  const [row] = await db
    .update(rides)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(rides.id, id), eq(rides.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteRide(db: Database, id: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(rides)
    .where(and(eq(rides.id, id), eq(rides.userId, userId)))
    .returning({ id: rides.id });
  return deleted.length > 0;
}

/** A member's rides, newest ride date first, after `cursor` (the last row's date and id). */
export async function listRidesPage(
  db: Database,
  userId: string,
  options: { cursor: { riddenOn: string; id: string } | null; limit: number; lineId?: number },
): Promise<RideRow[]> {
  const { cursor, limit, lineId } = options;
  return db
    .select()
    .from(rides)
    .where(
      and(
        eq(rides.userId, userId),
        lineId === undefined ? undefined : eq(rides.lineId, lineId),
        cursor
          ? or(
              lt(rides.riddenOn, cursor.riddenOn),
              and(eq(rides.riddenOn, cursor.riddenOn), lt(rides.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(rides.riddenOn), desc(rides.id))
    .limit(limit);
}

/** What a summary needs of each ride, oldest first (public ones only when asked). */
export async function listRideSections(
  db: Database,
  userId: string,
  options: { publicOnly: boolean; lineId?: number },
) {
  return db
    .select({
      lineId: rides.lineId,
      path: rides.path,
      riddenOn: rides.riddenOn,
      distanceM: rides.distanceM,
    })
    .from(rides)
    .where(
      and(
        eq(rides.userId, userId),
        options.publicOnly ? eq(rides.isPublic, true) : undefined,
        options.lineId === undefined ? undefined : eq(rides.lineId, options.lineId),
      ),
    )
    .orderBy(asc(rides.riddenOn), asc(rides.id));
}

/** Every ride of a member, oldest first: the CSV export and the member's data archive. */
export async function listAllRides(db: Database, userId: string): Promise<RideRow[]> {
  return db
    .select()
    .from(rides)
    .where(eq(rides.userId, userId))
    .orderBy(asc(rides.riddenOn), asc(rides.journeyId), asc(rides.leg), asc(rides.id));
}

export async function findSettings(db: Database, userId: string) {
  const [row] = await db.select().from(rideSettings).where(eq(rideSettings.userId, userId));
  return row ?? { userId, publicByDefault: false, totalsPublic: false };
}

export async function saveSettings(
  db: Database,
  userId: string,
  values: { publicByDefault?: boolean; totalsPublic?: boolean },
) {
  const [row] = await db
    .insert(rideSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: rideSettings.userId, set: values })
    .returning();
  return row!;
}
