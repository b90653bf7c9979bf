import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { shownToAll } from '../../db/moderated.js';
import {
  lines,
  posts,
  prefectures,
  stamps,
  stationDataImports,
  stationGroups,
  stationLinks,
  stations,
  stationWants,
} from '../../db/schema/index.js';

/**
 * The Drizzle queries for station look-ups and live counts (docs/conventions.md#api-modules).
 * The import's writes are in station-import.repository.ts, the read model's load in
 * station-read-model.repository.ts.
 */

/** Changes whenever any import lands: the cache key for derived data (markers, railways). */
export async function findDataVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({ at: max(stationDataImports.importedAt) })
    .from(stationDataImports);
  return row?.at ? new Date(row.at).toISOString() : 'empty';
}

const summaryColumns = {
  id: stationGroups.id,
  name: stationGroups.name,
  lat: stationGroups.lat,
  lng: stationGroups.lng,
  closed: stationGroups.closed,
  closedOn: stationGroups.closedOn,
  lineCount: stationGroups.lineCount,
  prefectureId: prefectures.id,
  prefectureName: prefectures.name,
};

/**
 * A group with its prefecture and activity counts, in one round trip; posts are those everyone
 * is shown (docs/moderation.md#hidden-items).
 */
export async function findGroup(db: Database, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      address: stationGroups.address,
      postalCode: stationGroups.postalCode,
      postCount:
        sql<number>`(select count(*) from ${posts} where ${posts.stationGroupId} = ${stationGroups.id} and ${shownToAll(posts)})`.mapWith(
          Number,
        ),
      wantCount:
        sql<number>`(select count(*) from ${stationWants} where ${stationWants.stationGroupId} = ${stationGroups.id})`.mapWith(
          Number,
        ),
      stampCount:
        sql<number>`(select count(*) from ${stamps} where ${stamps.stationGroupId} = ${stationGroups.id} and not ${stamps.recordOnly})`.mapWith(
          Number,
        ),
    })
    .from(stationGroups)
    .innerJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId))
    .where(eq(stationGroups.id, id));
  return row ?? null;
}

/**
 * Lines of many groups in one query (no N+1): open lines first, Shinkansen first among them,
 * then by code. A closed group lists the lines it was on.
 */
export async function findLinesOfGroups(db: Database, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({
      groupId: stations.groupId,
      id: lines.id,
      name: lines.name,
      kind: lines.kind,
      closed: sql<boolean>`bool_and(${stations.closed})`,
    })
    .from(stations)
    .innerJoin(lines, eq(lines.id, stations.lineId))
    .where(inArray(stations.groupId, groupIds))
    .groupBy(stations.groupId, lines.id)
    .orderBy(
      asc(stations.groupId),
      sql`bool_and(${stations.closed})`,
      sql`${lines.kind} <> 'shinkansen'`,
      asc(lines.id),
    );
}

const EARTH_RADIUS_M = 6_371_000;
const METRES_PER_DEGREE_LAT = 111_320;

/**
 * Nearest open groups within a radius: an index-backed box first, exact great-circle distance
 * after. Closed stations are never offered as the place of something new.
 */
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
        eq(stationGroups.closed, false),
        sql`${stationGroups.lat} between ${point.lat - dLat} and ${point.lat + dLat}`,
        sql`${stationGroups.lng} between ${point.lng - dLng} and ${point.lng + dLng}`,
        sql`${distance} <= ${radiusM}`,
      ),
    )
    .orderBy(distance, asc(stationGroups.id))
    .limit(limit);
}

/** Every open line with its open stations, for drawing the railway network. */
export function listRailwayStations(db: Database) {
  return db
    .select({
      id: stations.id,
      groupId: stations.groupId,
      lineId: lines.id,
      lineName: lines.name,
      lineKind: lines.kind,
      lat: stations.lat,
      lng: stations.lng,
    })
    .from(stations)
    .innerJoin(lines, eq(lines.id, stations.lineId))
    .where(and(eq(lines.closed, false), eq(stations.closed, false)))
    .orderBy(asc(lines.id), asc(stations.seq), asc(stations.id));
}

export function listStationLinks(db: Database) {
  return db
    .select({
      lineId: stationLinks.lineId,
      fromStationId: stationLinks.fromStationId,
      toStationId: stationLinks.toStationId,
    })
    .from(stationLinks);
}

/**
 * The live part of a station page: posts (those everyone is shown,
 * docs/moderation.md#hidden-items), wants and stamps of many groups in one query (the read
 * model holds everything else). Groups with none are absent.
 */
export async function countActivityOfGroups(db: Database, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  const countsOf = (
    table: typeof posts | typeof stationWants | typeof stamps,
    kind: 'posts' | 'wants' | 'stamps',
  ) =>
    db
      .select({
        groupId: sql<number>`${table.stationGroupId}`.as('group_id'),
        kind: sql<typeof kind>`${sql.raw(`'${kind}'`)}`.as('kind'),
        count: sql<number>`count(*)::int`.as('n'),
      })
      .from(table)
      .where(
        and(
          inArray(table.stationGroupId, groupIds),
          table === posts ? shownToAll(posts) : undefined,
          // 「記録のみ」 stamps (imports) were never checked at the station (docs/archive.md).
          table === stamps ? eq(stamps.recordOnly, false) : undefined,
        ),
      )
      .groupBy(table.stationGroupId);
  return countsOf(posts, 'posts')
    .unionAll(countsOf(stationWants, 'wants'))
    .unionAll(countsOf(stamps, 'stamps'));
}

/* ---- Stamps (docs/stamps.md) ---- */

/** A group with its prefecture and every member station's position and line (for a check-in). */
export async function findGroupPositions(db: Database, groupId: number) {
  const [group] = await db
    .select({
      id: stationGroups.id,
      name: stationGroups.name,
      lat: stationGroups.lat,
      lng: stationGroups.lng,
      closed: stationGroups.closed,
      prefectureId: prefectures.id,
      prefectureName: prefectures.name,
    })
    .from(stationGroups)
    .innerJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId))
    .where(eq(stationGroups.id, groupId));
  if (!group) return null;
  const members = await db
    .select({
      lat: stations.lat,
      lng: stations.lng,
      closed: stations.closed,
      lineId: lines.id,
      lineName: lines.name,
      lineColor: lines.color,
      lineKind: lines.kind,
    })
    .from(stations)
    .innerJoin(lines, eq(lines.id, stations.lineId))
    .where(eq(stations.groupId, groupId))
    .orderBy(
      asc(stations.closed),
      sql`${lines.kind} <> 'shinkansen'`,
      asc(stations.lineId),
      asc(stations.id),
    );
  return { ...group, members };
}

/**
 * Every station of every line, closed ones too, with its own position and the line's colour and
 * company: the rides module's network (rides/ride-network.ts), built once per data version.
 */
export function listLineNetworkStations(db: Database) {
  return db
    .select({
      id: stations.id,
      groupId: stations.groupId,
      lineId: stations.lineId,
      lat: stations.lat,
      lng: stations.lng,
      closed: stations.closed,
      closedOn: stations.closedOn,
      lineColor: lines.color,
      companyId: lines.companyId,
    })
    .from(stations)
    .innerJoin(lines, eq(lines.id, stations.lineId))
    .orderBy(asc(stations.lineId), asc(stations.seq), asc(stations.id));
}

export function listOpenLines(db: Database) {
  return db
    .select({ id: lines.id, name: lines.name, color: lines.color })
    .from(lines)
    .where(eq(lines.closed, false));
}
