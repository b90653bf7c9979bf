import { and, asc, desc, eq, exists, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import { toKatakana } from 'wanakana';
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

/** Open station groups: the default map layer (closed ones are reached by search and links). */
export function listMarkers(db: Database) {
  return db
    .select({
      id: stationGroups.id,
      lat: stationGroups.lat,
      lng: stationGroups.lng,
      name: stationGroups.name,
    })
    .from(stationGroups)
    .where(eq(stationGroups.closed, false))
    .orderBy(asc(stationGroups.id));
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

export type GroupRow = {
  id: number;
  name: string;
  lat: number;
  lng: number;
  closed: boolean;
  closedOn: string | null;
  lineCount: number;
  prefectureId: number;
  prefectureName: string;
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

export function findMemberStations(db: Database, groupId: number) {
  return db
    .select({
      id: stations.id,
      name: stations.name,
      closed: stations.closed,
      closedOn: stations.closedOn,
      lineId: lines.id,
      lineName: lines.name,
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
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export interface SearchKeys {
  name: string;
  reading: string | null;
  romaji: string | null;
}

/**
 * Groups matching any of their names, readings or romaji keys: exact (0) before prefix (1)
 * before substring (2), open before closed, then groups on more lines. Each group comes with
 * the name it matched best (the one most of its lines use among the best matches).
 */
export async function searchGroups(db: Database, keys: SearchKeys, limit: number) {
  const match = (kind: 'name' | 'reading' | 'romaji', key: string) => {
    const contains = `%${escapeLike(key)}%`;
    return sql`(${stationSearchTerms.kind} = ${kind} and ${stationSearchTerms.term} like ${contains})`;
  };
  const rankOf = (kind: 'name' | 'reading' | 'romaji', key: string) =>
    sql`when ${stationSearchTerms.kind} = ${kind} and ${stationSearchTerms.term} = ${key} then 0
        when ${stationSearchTerms.kind} = ${kind} and ${stationSearchTerms.term} like ${`${escapeLike(key)}%`} then 1`;
  const entries: ['name' | 'reading' | 'romaji', string][] = [['name', keys.name]];
  if (keys.reading) entries.push(['reading', keys.reading]);
  if (keys.romaji) entries.push(['romaji', keys.romaji]);

  const rank = sql`case ${sql.join(
    entries.map(([kind, key]) => rankOf(kind, key)),
    sql` `,
  )} else 2 end`;
  const matches = db
    .select({
      groupId: stationSearchTerms.groupId,
      stationName: stationSearchTerms.stationName,
      isGroupName: stationSearchTerms.isGroupName,
      nameLineCount: stationSearchTerms.nameLineCount,
      rank: sql<number>`${rank}`.as('rank'),
    })
    .from(stationSearchTerms)
    .where(or(...entries.map(([kind, key]) => match(kind, key))))
    .as('matches');
  // The group ranks by its best match; it is shown under its own name when that matched, else
  // under the matching name most of its stations bear (梅田 → 大阪梅田（大阪）).
  const best = db
    .selectDistinctOn([matches.groupId], {
      groupId: matches.groupId,
      stationName: matches.stationName,
      rank: sql<number>`min(${matches.rank}) over (partition by ${matches.groupId})`.as(
        'best_rank',
      ),
    })
    .from(matches)
    .orderBy(
      matches.groupId,
      desc(matches.isGroupName),
      desc(matches.nameLineCount),
      matches.rank,
      matches.stationName,
    )
    .as('best');
  return db
    .select({ ...summaryColumns, matchedName: best.stationName, rank: best.rank })
    .from(best)
    .innerJoin(stationGroups, eq(stationGroups.id, best.groupId))
    .innerJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId))
    .orderBy(
      best.rank,
      asc(stationGroups.closed),
      desc(stationGroups.lineCount),
      sql`length(${stationGroups.name})`,
      asc(stationGroups.id),
    )
    .limit(limit);
}

/** Lines whose name or kana reading contains the query: open lines first, shorter names first. */
export function searchLines(db: Database, keys: SearchKeys, limit: number) {
  const contains = `%${escapeLike(keys.name)}%`;
  const katakana = keys.reading ? `%${escapeLike(toKatakana(keys.reading))}%` : null;
  return db
    .select({
      id: lines.id,
      name: lines.name,
      kind: lines.kind,
      closed: lines.closed,
      companyName: companies.name,
      stationCount:
        sql<number>`(select count(*) from ${stations} where ${stations.lineId} = ${lines.id} and not ${stations.closed})`.mapWith(
          Number,
        ),
    })
    .from(lines)
    .leftJoin(companies, eq(companies.id, lines.companyId))
    .where(
      or(
        sql`${lines.name} like ${contains}`,
        katakana ? sql`${lines.nameKana} like ${katakana}` : undefined,
      ),
    )
    .orderBy(asc(lines.closed), sql`length(${lines.name})`, asc(lines.id))
    .limit(limit);
}

export async function findLine(db: Database, lineId: number) {
  const [row] = await db
    .select({
      id: lines.id,
      name: lines.name,
      kind: lines.kind,
      closed: lines.closed,
      companyName: companies.name,
    })
    .from(lines)
    .leftJoin(companies, eq(companies.id, lines.companyId))
    .where(eq(lines.id, lineId));
  return row ?? null;
}

/** A line's stations in order, with their groups. */
export function findLineStations(db: Database, lineId: number) {
  return db
    .select({
      id: stations.id,
      name: stations.name,
      closed: stations.closed,
      closedOn: stations.closedOn,
      groupId: stationGroups.id,
      groupName: stationGroups.name,
      lat: stationGroups.lat,
      lng: stationGroups.lng,
    })
    .from(stations)
    .innerJoin(stationGroups, eq(stationGroups.id, stations.groupId))
    .where(eq(stations.lineId, lineId))
    .orderBy(asc(stations.seq), asc(stations.id));
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

/** The 駅ガチャ draws from open groups only. */
function randomFilter(filter: { prefectureId?: number; lineId?: number }): SQL | undefined {
  const conditions: SQL[] = [eq(stationGroups.closed, false)];
  if (filter.prefectureId !== undefined)
    conditions.push(eq(stationGroups.prefectureId, filter.prefectureId));
  if (filter.lineId !== undefined) {
    const lineId = filter.lineId;
    conditions.push(
      exists(
        sql`(select 1 from ${stations} where ${stations.groupId} = ${stationGroups.id} and ${stations.lineId} = ${lineId} and not ${stations.closed})`,
      ),
    );
  }
  return and(...conditions);
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
  return db
    .select({ id: prefectures.id, name: prefectures.name })
    .from(prefectures)
    .orderBy(asc(prefectures.id));
}

/** Open lines (the gacha's and forms' choices), optionally those serving a prefecture. */
export function listLines(db: Database, prefectureId?: number) {
  const query = db.select({ id: lines.id, name: lines.name }).from(lines);
  if (prefectureId === undefined)
    return query.where(eq(lines.closed, false)).orderBy(asc(lines.id));
  return query
    .where(
      and(
        eq(lines.closed, false),
        exists(
          sql`(select 1 from ${stations} inner join ${stationGroups} on ${stationGroups.id} = ${stations.groupId}
             where ${stations.lineId} = ${lines.id} and not ${stations.closed} and ${stationGroups.prefectureId} = ${prefectureId})`,
        ),
      ),
    )
    .orderBy(asc(lines.id));
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
