import {
  SEARCH_RESULT_LINES,
  type LineDetail,
  type NearbyStation,
  type StationDetail,
  type StationMarkers,
  type StationSearchResponse,
  type StationSummary,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import { preparePayload } from '../../lib/prepared-payload.js';
import { queryKeys } from './search-keys.js';
import * as repository from './stations.repository.js';

/** Station look-ups other modules build on (posts near a point, share cards, line maps). */
export {
  findGroup,
  findLinesOfGroups,
  findNearbyGroups,
  listRailwayStations,
  listStationLinks,
} from './stations.repository.js';

/**
 * Caches a payload derived from station data, rebuilt when an import lands. The version
 * lookup is one tiny query, so every instance notices imports made by another process.
 */
export function createStationDataCache<T>(build: (db: Database) => Promise<T>) {
  let cached: { version: string; value: Promise<T> } | null = null;
  return async (db: Database): Promise<T> => {
    const version = await repository.findDataVersion(db);
    if (!cached || cached.version !== version) {
      const value = build(db);
      cached = { version, value };
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  };
}

export const getMarkersPayload = createStationDataCache(async (db) => {
  const rows = await repository.listMarkers(db);
  // 5 decimals ≈ 1 m: enough for a marker, and it keeps the payload small.
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  const markers: StationMarkers = {
    count: rows.length,
    ids: rows.map((row) => row.id),
    lats: rows.map((row) => round(row.lat)),
    lngs: rows.map((row) => round(row.lng)),
    names: rows.map((row) => row.name),
  };
  return preparePayload(markers);
});

async function toSummaries<T extends repository.GroupRow>(
  db: Database,
  rows: T[],
): Promise<(StationSummary & { row: T })[]> {
  const lineRows = await repository.findLinesOfGroups(
    db,
    rows.map((row) => row.id),
  );
  const linesByGroup = new Map<number, StationSummary['lines']>();
  for (const line of lineRows) {
    const list = linesByGroup.get(line.groupId) ?? [];
    list.push({ id: line.id, name: line.name });
    linesByGroup.set(line.groupId, list);
  }
  return rows.map((row) => ({
    row,
    ...summaryOf(row),
    lines: linesByGroup.get(row.id) ?? [],
  }));
}

function summaryOf(row: repository.GroupRow) {
  return {
    id: row.id,
    name: row.name,
    prefecture: { id: row.prefectureId, name: row.prefectureName },
    lat: row.lat,
    lng: row.lng,
    closed: row.closed,
    closed_on: row.closedOn,
  };
}

function withoutRow<T extends { row: unknown }>({ row: _row, ...rest }: T): Omit<T, 'row'> {
  return rest;
}

export async function getStation(db: Database, id: number): Promise<StationDetail> {
  const [group, members] = await Promise.all([
    repository.findGroup(db, id),
    repository.findMemberStations(db, id),
  ]);
  if (!group) throw notFound('指定された駅は見つかりませんでした。');
  // The group's lines are its member stations' lines (open first, Shinkansen first): no extra query.
  const lines = new Map<number, StationSummary['lines'][number]>();
  // A closed member's line is listed only when the whole group is closed.
  for (const member of members) {
    if (member.closed && !group.closed) continue;
    lines.set(member.lineId, { id: member.lineId, name: member.lineName });
  }
  return {
    ...summaryOf(group),
    lines: [...lines.values()],
    address: group.address,
    postal_code: group.postalCode,
    stations: members.map((member) => ({
      id: member.id,
      name: member.name,
      line: { id: member.lineId, name: member.lineName },
      closed: member.closed,
      closed_on: member.closedOn,
    })),
    counts: { posts: group.postCount, want_to_visit: group.wantCount, stamps: group.stampCount },
  };
}

const LINE_RESULTS = 5;

/**
 * Station search: by any name of a group (its own or a member station's), by kana reading and
 * by romaji, ranked exact > prefix > substring, then by number of lines; plus matching lines.
 */
export async function searchStations(
  db: Database,
  query: string,
  limit: number,
): Promise<StationSearchResponse> {
  const keys = queryKeys(query);
  if (!keys.name) return { items: [], lines: [] };
  const [rows, lineRows] = await Promise.all([
    repository.searchGroups(db, keys, limit),
    repository.searchLines(db, keys, LINE_RESULTS),
  ]);
  const summaries = await toSummaries(db, rows);
  return {
    items: summaries.map(({ row, lines, ...summary }) => ({
      ...summary,
      matched_name: row.matchedName,
      lines: lines.slice(0, SEARCH_RESULT_LINES),
      line_count: lines.length,
    })),
    lines: lineRows.map((line) => ({
      id: line.id,
      name: line.name,
      company_name: line.companyName,
      kind: line.kind,
      closed: line.closed,
      station_count: line.stationCount,
    })),
  };
}

export async function getLine(db: Database, lineId: number): Promise<LineDetail> {
  const [line, rows] = await Promise.all([
    repository.findLine(db, lineId),
    repository.findLineStations(db, lineId),
  ]);
  if (!line) throw notFound('指定された路線は見つかりませんでした。');
  return {
    id: line.id,
    name: line.name,
    company_name: line.companyName,
    kind: line.kind,
    closed: line.closed,
    stations: rows.map((row) => ({
      id: row.id,
      name: row.name,
      station_group_id: row.groupId,
      group_name: row.groupName,
      lat: row.lat,
      lng: row.lng,
      closed: row.closed,
      closed_on: row.closedOn,
    })),
  };
}

export async function findNearbyStations(
  db: Database,
  point: { lat: number; lng: number },
  radiusM: number,
  limit: number,
): Promise<NearbyStation[]> {
  const rows = await repository.findNearbyGroups(db, point, radiusM, limit);
  return (await toSummaries(db, rows)).map(({ row, ...summary }) => ({
    ...summary,
    distance_m: Math.round(row.distanceM),
  }));
}

export async function drawRandomStation(
  db: Database,
  filter: { prefectureId?: number; lineId?: number },
  random: () => number = Math.random,
): Promise<StationSummary> {
  const count = await repository.countGroups(db, filter);
  if (count === 0)
    throw notFound('条件に合う駅が見つかりませんでした。条件を変えてお試しください。');
  const row = await repository.findGroupAt(db, filter, Math.floor(random() * count));
  if (!row) throw notFound('条件に合う駅が見つかりませんでした。条件を変えてお試しください。');
  const [summary] = await toSummaries(db, [row]);
  return withoutRow(summary!);
}

export async function listPrefectures(db: Database) {
  return repository.listPrefectures(db);
}

export async function listLines(db: Database, prefectureId?: number) {
  return repository.listLines(db, prefectureId);
}
