import { and, asc, eq, exists, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  lines,
  posts,
  prefectures,
  stamps,
  stationDataImports,
  stationGroups,
  stations,
  stationWants,
} from '../../db/schema/index.js';
import type { StationDataset } from './station-dataset.js';

/** The only place with Drizzle queries for stations (docs/conventions.md#api-modules). */

const BATCH_SIZE = 1_000;

function chunks<T>(items: T[], size = BATCH_SIZE): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);
/** Sources without English names (ekidata's free CSV) keep the ones already stored. */
const keepEnglish = (table: string) =>
  sql.raw(`coalesce(nullif(excluded.name_en, ''), ${table}.name_en)`);
/** Same for addresses, which some sources lack. */
const keepAddress = sql.raw(`coalesce(nullif(excluded.address, ''), station_groups.address)`);

export async function findImport(db: Database, source: string) {
  const [row] = await db
    .select()
    .from(stationDataImports)
    .where(eq(stationDataImports.source, source));
  return row ?? null;
}

/** Upserts a whole dataset in one transaction, in batches (row-by-row is 10× slower). */
export async function writeDataset(
  db: Database,
  dataset: StationDataset,
  source: { name: string; version: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const batch of chunks(dataset.prefectures)) {
      await tx
        .insert(prefectures)
        .values(batch)
        .onConflictDoUpdate({
          target: prefectures.id,
          set: { name: excluded('name'), nameEn: keepEnglish('prefectures') },
        });
    }
    for (const batch of chunks(dataset.lines)) {
      await tx
        .insert(lines)
        .values(batch)
        .onConflictDoUpdate({
          target: lines.id,
          set: { name: excluded('name'), nameEn: keepEnglish('lines') },
        });
    }
    for (const batch of chunks(dataset.groups)) {
      await tx
        .insert(stationGroups)
        .values(batch)
        .onConflictDoUpdate({
          target: stationGroups.id,
          set: {
            name: excluded('name'),
            nameEn: keepEnglish('station_groups'),
            prefectureId: excluded('prefecture_id'),
            address: keepAddress,
            lat: excluded('lat'),
            lng: excluded('lng'),
          },
        });
    }
    for (const batch of chunks(dataset.stations)) {
      await tx
        .insert(stations)
        .values(batch)
        .onConflictDoUpdate({
          target: stations.id,
          set: {
            groupId: excluded('group_id'),
            lineId: excluded('line_id'),
            name: excluded('name'),
            nameEn: keepEnglish('stations'),
            seq: excluded('seq'),
            lat: excluded('lat'),
            lng: excluded('lng'),
          },
        });
    }
    await tx
      .insert(stationDataImports)
      .values({
        source: source.name,
        version: source.version,
        groupCount: dataset.groups.length,
        stationCount: dataset.stations.length,
      })
      .onConflictDoUpdate({
        target: stationDataImports.source,
        set: {
          version: source.version,
          groupCount: dataset.groups.length,
          stationCount: dataset.stations.length,
          importedAt: sql`now()`,
        },
      });
  });
}

/** Changes whenever any import lands: the cache key for derived data (markers, railways). */
export async function findDataVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({ at: max(stationDataImports.importedAt) })
    .from(stationDataImports);
  return row?.at ? new Date(row.at).toISOString() : 'empty';
}

export function listMarkers(db: Database) {
  return db
    .select({
      id: stationGroups.id,
      lat: stationGroups.lat,
      lng: stationGroups.lng,
      name: stationGroups.name,
    })
    .from(stationGroups)
    .orderBy(asc(stationGroups.id));
}

const summaryColumns = {
  id: stationGroups.id,
  name: stationGroups.name,
  nameEn: stationGroups.nameEn,
  lat: stationGroups.lat,
  lng: stationGroups.lng,
  prefectureId: prefectures.id,
  prefectureName: prefectures.name,
  prefectureNameEn: prefectures.nameEn,
};

export type GroupRow = {
  id: number;
  name: string;
  nameEn: string;
  lat: number;
  lng: number;
  prefectureId: number;
  prefectureName: string;
  prefectureNameEn: string;
};

function selectGroups(db: Database) {
  return db
    .select(summaryColumns)
    .from(stationGroups)
    .innerJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId));
}

/** A group with its prefecture and activity counts, in one round trip. */
export async function findGroup(db: Database, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      address: stationGroups.address,
      postCount:
        sql<number>`(select count(*) from ${posts} where ${posts.stationGroupId} = ${stationGroups.id})`.mapWith(
          Number,
        ),
      wantCount:
        sql<number>`(select count(*) from ${stationWants} where ${stationWants.stationGroupId} = ${stationGroups.id})`.mapWith(
          Number,
        ),
      stampCount:
        sql<number>`(select count(*) from ${stamps} where ${stamps.stationGroupId} = ${stationGroups.id})`.mapWith(
          Number,
        ),
    })
    .from(stationGroups)
    .innerJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId))
    .where(eq(stationGroups.id, id));
  return row ?? null;
}

/** Lines of many groups in one query (no N+1). */
export async function findLinesOfGroups(db: Database, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return db
    .selectDistinct({
      groupId: stations.groupId,
      id: lines.id,
      name: lines.name,
      nameEn: lines.nameEn,
    })
    .from(stations)
    .innerJoin(lines, eq(lines.id, stations.lineId))
    .where(inArray(stations.groupId, groupIds))
    .orderBy(asc(stations.groupId), asc(lines.id));
}

export function findMemberStations(db: Database, groupId: number) {
  return db
    .select({
      id: stations.id,
      name: stations.name,
      nameEn: stations.nameEn,
      lineId: lines.id,
      lineName: lines.name,
      lineNameEn: lines.nameEn,
    })
    .from(stations)
    .innerJoin(lines, eq(lines.id, stations.lineId))
    .where(eq(stations.groupId, groupId))
    .orderBy(asc(stations.lineId), asc(stations.id));
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Name search in Japanese or English: exact names first (新宿 → 新宿), then names that
 * start with the query, then names that contain it; shorter names before longer ones.
 */
export function searchGroups(db: Database, query: string, limit: number) {
  const contains = `%${escapeLike(query)}%`;
  const prefix = `${escapeLike(query)}%`;
  const rank = sql`case
    when ${stationGroups.name} = ${query} or lower(${stationGroups.nameEn}) = lower(${query}) then 0
    when ${stationGroups.name} like ${prefix} or ${stationGroups.nameEn} ilike ${prefix} then 1
    else 2 end`;
  const lineCount = sql`(select count(distinct ${stations.lineId}) from ${stations} where ${stations.groupId} = ${stationGroups.id})`;
  return selectGroups(db)
    .where(
      or(
        sql`${stationGroups.name} like ${contains}`,
        sql`${stationGroups.nameEn} ilike ${contains}`,
      ),
    )
    .orderBy(
      rank,
      sql`length(${stationGroups.name})`,
      sql`${lineCount} desc`,
      asc(stationGroups.id),
    )
    .limit(limit);
}

const EARTH_RADIUS_M = 6_371_000;
const METRES_PER_DEGREE_LAT = 111_320;

/** Nearest groups within a radius: an index-backed box first, exact great-circle distance after. */
export function findNearbyGroups(
  db: Database,
  point: { lat: number; lng: number },
  radiusM: number,
  limit: number,
) {
  const dLat = radiusM / METRES_PER_DEGREE_LAT;
  const dLng =
    radiusM / (METRES_PER_DEGREE_LAT * Math.max(Math.cos((point.lat * Math.PI) / 180), 0.01));
  const distance = sql<number>`(2 * ${EARTH_RADIUS_M} * asin(sqrt(
      power(sin(radians(${stationGroups.lat} - ${point.lat}) / 2), 2) +
      cos(radians(${point.lat})) * cos(radians(${stationGroups.lat})) *
      power(sin(radians(${stationGroups.lng} - ${point.lng}) / 2), 2))))`.mapWith(Number);
  return db
    .select({ ...summaryColumns, distanceM: distance })
    .from(stationGroups)
    .innerJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId))
    .where(
      and(
        sql`${stationGroups.lat} between ${point.lat - dLat} and ${point.lat + dLat}`,
        sql`${stationGroups.lng} between ${point.lng - dLng} and ${point.lng + dLng}`,
        sql`${distance} <= ${radiusM}`,
      ),
    )
    .orderBy(distance, asc(stationGroups.id))
    .limit(limit);
}

function randomFilter(filter: { prefectureId?: number; lineId?: number }): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.prefectureId !== undefined)
    conditions.push(eq(stationGroups.prefectureId, filter.prefectureId));
  if (filter.lineId !== undefined) {
    const lineId = filter.lineId;
    conditions.push(
      exists(
        sql`(select 1 from ${stations} where ${stations.groupId} = ${stationGroups.id} and ${stations.lineId} = ${lineId})`,
      ),
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function countGroups(
  db: Database,
  filter: { prefectureId?: number; lineId?: number } = {},
) {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(stationGroups)
    .where(randomFilter(filter));
  return row?.count ?? 0;
}

export async function findGroupAt(
  db: Database,
  filter: { prefectureId?: number; lineId?: number },
  offset: number,
): Promise<GroupRow | null> {
  const [row] = await selectGroups(db)
    .where(randomFilter(filter))
    .orderBy(asc(stationGroups.id))
    .offset(offset)
    .limit(1);
  return row ?? null;
}

export function listPrefectures(db: Database) {
  return db.select().from(prefectures).orderBy(asc(prefectures.id));
}

export function listLines(db: Database, prefectureId?: number) {
  const query = db.select({ id: lines.id, name: lines.name, nameEn: lines.nameEn }).from(lines);
  if (prefectureId === undefined) return query.orderBy(asc(lines.id));
  return query
    .where(
      exists(
        sql`(select 1 from ${stations} inner join ${stationGroups} on ${stationGroups.id} = ${stations.groupId}
             where ${stations.lineId} = ${lines.id} and ${stationGroups.prefectureId} = ${prefectureId})`,
      ),
    )
    .orderBy(asc(lines.id));
}

/** Every line with its stations in order, for drawing the railway network. */
export function listLineStations(db: Database) {
  return db
    .select({
      lineId: lines.id,
      lineName: lines.name,
      name: stations.name,
      lat: stations.lat,
      lng: stations.lng,
    })
    .from(stations)
    .innerJoin(lines, eq(lines.id, stations.lineId))
    .orderBy(asc(lines.id), asc(stations.seq), asc(stations.id));
}
