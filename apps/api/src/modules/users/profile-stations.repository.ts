import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { descending } from '../../db/order.js';
import { prefectures, stamps, stationGroups, stationWants } from '../../db/schema/index.js';
import type { UserPageKey } from './user-cursor.js';

/** The profile's station tabs: stations the member wants to visit, and their stamps. */

const micros = (column: SQLWrapper) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
const fromMicros = (value: string) =>
  sql`(timestamptz 'epoch' + (${value}::text || ' microseconds')::interval)`;

export async function findWantedStations(
  db: Database,
  options: { userId: string; after: UserPageKey | null; limit: number },
) {
  const conditions: SQL[] = [eq(stationWants.userId, options.userId)];
  if (options.after) {
    conditions.push(
      sql`(${stationWants.createdAt}, ${stationWants.stationGroupId}) < (${fromMicros(options.after.key)}, ${Number(options.after.id)})`,
    );
  }
  return db
    .select({
      id: stationGroups.id,
      name: stationGroups.name,
      prefectureName: prefectures.name,
      wantedAt: stationWants.createdAt,
      micros: micros(stationWants.createdAt),
    })
    .from(stationWants)
    .innerJoin(stationGroups, eq(stationGroups.id, stationWants.stationGroupId))
    .innerJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId))
    .where(and(...conditions))
    .orderBy(descending(stationWants.createdAt), descending(stationWants.stationGroupId))
    .limit(options.limit);
}

export async function findStampsOf(
  db: Database,
  options: { userId: string; after: UserPageKey | null; limit: number },
) {
  const conditions: SQL[] = [eq(stamps.userId, options.userId)];
  if (options.after) {
    conditions.push(
      sql`(${stamps.collectedAt}, ${stamps.id}) < (${fromMicros(options.after.key)}, ${options.after.id}::uuid)`,
    );
  }
  return db
    .select({
      id: stamps.id,
      stationGroupId: stamps.stationGroupId,
      stationName: stationGroups.name,
      prefectureName: prefectures.name,
      collectedAt: stamps.collectedAt,
      recordOnly: stamps.recordOnly,
      micros: micros(stamps.collectedAt),
    })
    .from(stamps)
    .innerJoin(stationGroups, eq(stationGroups.id, stamps.stationGroupId))
    .innerJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId))
    .where(and(...conditions))
    .orderBy(descending(stamps.collectedAt), descending(stamps.id))
    .limit(options.limit);
}
