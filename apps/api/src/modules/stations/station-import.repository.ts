import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  companies,
  lines,
  posts,
  prefectures,
  stationDataImports,
  stationGroups,
  stationLinks,
  stations,
  stationSearchTerms,
} from '../../db/schema/index.js';
import { attributeSpot } from './spot-attribution.js';
import type { StationDataset } from './station-dataset.js';
import type { GroupName, SearchTermRow } from './station-search-terms.js';

/**
 * Drizzle queries of the station import (docs/conventions.md#api-modules): the dataset written
 * in place, and the statistics refreshed after it. Reads live in stations.repository.ts and
 * station-read-model.repository.ts.
 */

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
    const known = new Set(
      (await tx.select({ id: stationGroups.id }).from(stationGroups)).map((row) => row.id),
    );
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
            transferGroupId: excluded('transfer_group_id'),
            name: excluded('name'),
            nameRomaji: excluded('name_romaji'),
            prefectureId: excluded('prefecture_id'),
            address: keepText('address'),
            postalCode: keepText('postal_code'),
            lat: excluded('lat'),
            lng: excluded('lng'),
            closed: excluded('closed'),
            closedOn: excluded('closed_on'),
            openedOn: excluded('opened_on'),
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

    await moveSpotsToNewStations(tx, dataset, known);

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
 * A station that gains its own id takes over the spots of its transfer group's main station
 * that are clearly its own (spot-attribution.ts); everything else stays where it is.
 */
async function moveSpotsToNewStations(
  tx: Pick<Database, 'select' | 'update'>,
  dataset: StationDataset,
  known: Set<number>,
): Promise<void> {
  const split = new Set(
    dataset.groups
      .filter(
        (group) =>
          !known.has(group.id) &&
          group.transferGroupId !== group.id &&
          known.has(group.transferGroupId),
      )
      .map((group) => group.transferGroupId),
  );
  if (split.size === 0) return;
  const spots = await tx
    .select({ id: posts.id, stationGroupId: posts.stationGroupId, lat: posts.lat, lng: posts.lng })
    .from(posts)
    .where(
      and(inArray(posts.stationGroupId, [...split]), eq(posts.kind, 'spot'), isNotNull(posts.lat)),
    );
  for (const spot of spots) {
    const stationsOfGroup = dataset.groups.filter(
      (group) => group.transferGroupId === spot.stationGroupId && !group.closed,
    );
    const id = attributeSpot({ lat: spot.lat!, lng: spot.lng! }, stationsOfGroup);
    if (id !== null && id !== spot.stationGroupId)
      await tx.update(posts).set({ stationGroupId: id }).where(eq(posts.id, spot.id));
  }
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
