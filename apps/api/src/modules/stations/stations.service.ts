import type { NearbyStation, StationDetail, StationMarkers, StationSummary } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import { preparePayload } from '../../lib/prepared-payload.js';
import * as repository from './stations.repository.js';

/** Station look-ups other modules build on (posts near a point, share cards, line maps). */
export {
  findGroup,
  findLinesOfGroups,
  findNearbyGroups,
  listLineStations,
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
    list.push({ id: line.id, name: line.name, name_en: line.nameEn });
    linesByGroup.set(line.groupId, list);
  }
  return rows.map((row) => ({
    row,
    id: row.id,
    name: row.name,
    name_en: row.nameEn,
    prefecture: { id: row.prefectureId, name: row.prefectureName, name_en: row.prefectureNameEn },
    lat: row.lat,
    lng: row.lng,
    lines: linesByGroup.get(row.id) ?? [],
  }));
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
  // The group's lines are its member stations' lines: no extra query.
  const lines = new Map<number, StationSummary['lines'][number]>();
  for (const member of members) {
    lines.set(member.lineId, {
      id: member.lineId,
      name: member.lineName,
      name_en: member.lineNameEn,
    });
  }
  return {
    id: group.id,
    name: group.name,
    name_en: group.nameEn,
    prefecture: {
      id: group.prefectureId,
      name: group.prefectureName,
      name_en: group.prefectureNameEn,
    },
    lat: group.lat,
    lng: group.lng,
    lines: [...lines.values()].sort((a, b) => a.id - b.id),
    address: group.address,
    stations: members.map((member) => ({
      id: member.id,
      name: member.name,
      name_en: member.nameEn,
      line: { id: member.lineId, name: member.lineName, name_en: member.lineNameEn },
    })),
    counts: { posts: group.postCount, want_to_visit: group.wantCount, stamps: group.stampCount },
  };
}

/** Users type "新宿駅" as often as "新宿"; the data has no 駅 suffix. */
function normaliseQuery(query: string): string {
  const trimmed = query.normalize('NFKC').trim();
  return trimmed.length > 1 ? trimmed.replace(/駅$/, '') : trimmed;
}

export async function searchStations(db: Database, query: string, limit: number) {
  const rows = await repository.searchGroups(db, normaliseQuery(query), limit);
  return (await toSummaries(db, rows)).map(withoutRow);
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
  const rows = await repository.listPrefectures(db);
  return rows.map((row) => ({ id: row.id, name: row.name, name_en: row.nameEn }));
}

export async function listLines(db: Database, prefectureId?: number) {
  const rows = await repository.listLines(db, prefectureId);
  return rows.map((row) => ({ id: row.id, name: row.name, name_en: row.nameEn }));
}
