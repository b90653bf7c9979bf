import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  companies,
  lines,
  posts,
  prefectures,
  stamps,
  stationDataImports,
  stationGroups,
  stationLinks,
  stations,
  stationSearchTerms,
  stationWants,
} from '../../db/schema/index.js';
import type { StationDataset } from './station-dataset.js';
import type { GroupName, SearchTermRow } from './station-search-terms.js';

/** The only place with Drizzle queries for stations (docs/conventions.md#api-modules). */

/** Rows per insert: as many as keep the statement under ~30k parameters (PostgreSQL: 65,535). */
function batchSizeOf(row: object | undefined): number {
  return Math.max(1, Math.floor(30_000 / Math.max(1, row ? Object.keys(row).length : 1)));
}

function chunks<T extends object>(items: T[], size = batchSizeOf(items[0])): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);
/** Some downloads lack addresses or postal codes: keep the ones already stored. */
const keepText = (column: string) =>
  sql.raw(`coalesce(nullif(excluded.${column}, ''), station_groups.${column})`);

export async function findImport(db: Database, source: string) {
  const [row] = await db
    .select()
    .from(stationDataImports)
    .where(eq(stationDataImports.source, source));
  return row ?? null;
}

/**
 * Upserts a whole dataset in one transaction, in batches (row-by-row is 10× slower), as an
 * upgrade in place: lines, groups and stations are first all marked closed, then the dataset
 * reopens (and renames, moves) what it lists; what it no longer lists stays, closed, with its
 * posts, wants and list items. Links and search terms are derived data and are rebuilt.
 */
export async function writeDataset(
  db: Database,
  dataset: StationDataset,
  source: { name: string; version: string },
  deriveSearchTerms: (names: GroupName[]) => SearchTermRow[],
): Promise<void> {
  await db.transaction(async (tx) => {
    // An import is maintenance, not a request: the request-path limits on a server connection
    // (docs/security.md) would cut it short on a busy machine while readings are derived.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
    for (const batch of chunks(dataset.prefectures)) {
      await tx
        .insert(prefectures)
        .values(batch)
        .onConflictDoUpdate({ target: prefectures.id, set: { name: excluded('name') } });
    }
    for (const batch of chunks(dataset.companies)) {
      await tx
        .insert(companies)
        .values(batch)
        .onConflictDoUpdate({
          target: companies.id,
          set: { name: excluded('name'), companyType: excluded('company_type') },
        });
    }
    await tx.update(lines).set({ closed: true });
    await tx.update(stationGroups).set({ closed: true });
    await tx.update(stations).set({ closed: true });
    for (const batch of chunks(dataset.lines)) {
      await tx
        .insert(lines)
        .values(batch)
        .onConflictDoUpdate({
          target: lines.id,
          set: {
            name: excluded('name'),
            nameKana: excluded('name_kana'),
            companyId: excluded('company_id'),
            kind: excluded('kind'),
            color: excluded('color'),
            closed: excluded('closed'),
          },
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
            prefectureId: excluded('prefecture_id'),
            address: keepText('address'),
            postalCode: keepText('postal_code'),
            lat: excluded('lat'),
            lng: excluded('lng'),
            closed: excluded('closed'),
            closedOn: excluded('closed_on'),
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
            seq: excluded('seq'),
            lat: excluded('lat'),
            lng: excluded('lng'),
            closed: excluded('closed'),
            closedOn: excluded('closed_on'),
          },
        });
    }
    // Whatever the dataset says of groups, a group is open exactly when one of its stations is.
    await tx.execute(sql`update ${stationGroups} g set
      line_count = (select count(distinct s.line_id) from ${stations} s
                    where s.group_id = g.id and not s.closed),
      closed = not exists (select 1 from ${stations} s where s.group_id = g.id and not s.closed)`);

    await tx.delete(stationLinks);
    for (const batch of chunks(dataset.links)) {
      await tx.insert(stationLinks).values(batch).onConflictDoNothing();
    }

    const names = await tx
      .select({
        groupId: stations.groupId,
        name: stations.name,
        stationCount: sql<number>`count(*)`.mapWith(Number),
      })
      .from(stations)
      .groupBy(stations.groupId, stations.name);
    const groupNames = await tx
      .select({ groupId: stationGroups.id, name: stationGroups.name })
      .from(stationGroups);
    await tx.delete(stationSearchTerms);
    const terms = deriveSearchTerms([
      ...groupNames.map((group) => ({ ...group, stationCount: 0, isGroupName: true })),
      ...names.map((name) => ({ ...name, isGroupName: false })),
    ]);
    for (const batch of chunks(terms)) {
      await tx.insert(stationSearchTerms).values(batch).onConflictDoNothing();
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

/**
 * Fresh statistics after an import, so the planner knows the search terms are thousands of rows
 * and not a handful (it otherwise picks nested loops that cost 10× on one-character queries).
 */
export async function analyzeStationTables(db: Database): Promise<void> {
  await db.execute(
    sql`analyze ${stationSearchTerms}, ${stationGroups}, ${stations}, ${stationLinks}, ${lines}`,
  );
}

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

/** A group with its prefecture and activity counts, in one round trip. */
export async function findGroup(db: Database, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      address: stationGroups.address,
      postalCode: stationGroups.postalCode,
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
 * Everything the in-memory read model holds (docs/stations.md#read-model), read in one
 * repeatable-read transaction so an import committing meanwhile is seen whole or not at all.
 */
export async function loadReadModelRows(db: Database) {
  return db.transaction(
    async (tx) => {
      const version = await findDataVersion(tx);
      const prefectureRows = await tx
        .select({ id: prefectures.id, name: prefectures.name })
        .from(prefectures)
        .orderBy(asc(prefectures.id));
      const lineRows = await tx
        .select({
          id: lines.id,
          name: lines.name,
          nameKana: lines.nameKana,
          kind: lines.kind,
          closed: lines.closed,
          companyName: companies.name,
        })
        .from(lines)
        .leftJoin(companies, eq(companies.id, lines.companyId))
        .orderBy(asc(lines.id));
      const groupRows = await tx
        .select({
          id: stationGroups.id,
          name: stationGroups.name,
          prefectureId: stationGroups.prefectureId,
          address: stationGroups.address,
          postalCode: stationGroups.postalCode,
          lat: stationGroups.lat,
          lng: stationGroups.lng,
          lineCount: stationGroups.lineCount,
          closed: stationGroups.closed,
          closedOn: stationGroups.closedOn,
        })
        .from(stationGroups)
        .orderBy(asc(stationGroups.id));
      const stationRows = await tx
        .select({
          id: stations.id,
          groupId: stations.groupId,
          lineId: stations.lineId,
          name: stations.name,
          seq: stations.seq,
          closed: stations.closed,
          closedOn: stations.closedOn,
        })
        .from(stations)
        .orderBy(asc(stations.lineId), asc(stations.seq), asc(stations.id));
      const termRows = await tx
        .select({
          groupId: stationSearchTerms.groupId,
          kind: stationSearchTerms.kind,
          term: stationSearchTerms.term,
          stationName: stationSearchTerms.stationName,
          isGroupName: stationSearchTerms.isGroupName,
          nameLineCount: stationSearchTerms.nameLineCount,
        })
        .from(stationSearchTerms);
      return {
        version,
        prefectures: prefectureRows,
        lines: lineRows,
        groups: groupRows,
        stations: stationRows,
        terms: termRows,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export type ReadModelRows = Awaited<ReturnType<typeof loadReadModelRows>>;

/**
 * The live part of a station page: posts, wants and stamps of many groups in one query (the
 * read model holds everything else). Groups with none are absent.
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
      .where(inArray(table.stationGroupId, groupIds))
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

export function listOpenLines(db: Database) {
  return db
    .select({ id: lines.id, name: lines.name, color: lines.color })
    .from(lines)
    .where(eq(lines.closed, false));
}
