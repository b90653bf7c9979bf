import {
  SEARCH_RESULT_LINES,
  type LineDetail,
  type NearbyStation,
  type StationDetail,
  type StationSearchResponse,
  type StationSummary,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { haversineMetres } from '../../lib/geo.js';
import { notFound } from '../../lib/http-error.js';
import type { PreparedPayload } from '../../lib/prepared-payload.js';
import { queryKeys } from './search-keys.js';
import * as queries from './station-read-model-queries.js';
import * as repository from './stations.repository.js';
import { lineRefOf, summaryOf } from './station-read-model.js';
import { countStationActivity, getStationReadModel } from './station-read-model-store.js';

/**
 * Open station groups inside a box, by id, at most `limit`: the map's station markers of a
 * viewport, from memory (the read model) rather than a query.
 */
export async function findOpenGroupsInBox(
  db: Database,
  box: { south: number; west: number; north: number; east: number },
  limit: number,
): Promise<{ id: number; name: string; lat: number; lng: number }[]> {
  const model = await getStationReadModel(db);
  const found: { id: number; name: string; lat: number; lng: number }[] = [];
  for (const group of model.groups.values()) {
    if (group.closed) continue;
    if (group.lat < box.south || group.lat > box.north) continue;
    if (group.lng < box.west || group.lng > box.east) continue;
    found.push({ id: group.id, name: group.name, lat: group.lat, lng: group.lng });
  }
  return found.sort((a, b) => a.id - b.id).slice(0, limit);
}

/** A station group's position, from memory: the map images (share/map-image.service.ts). */
export async function findGroupPlace(db: Database, id: number) {
  const group = (await getStationReadModel(db)).groups.get(id);
  return group ? { lat: group.lat, lng: group.lng } : null;
}

/** Station look-ups other modules build on (posts near a point, share cards, line maps). */
export {
  findGroup,
  findLinesOfGroups,
  findNearbyGroups,
  listLineNetworkStations,
  listRailwayStations,
  listStationLinks,
} from './station-lookups.service.js';

/** The station data in memory (lines in order, station groups), for modules built on it (rides). */
export { getStationReadModel } from './station-read-model-store.js';
export type { StationReadModel } from './station-read-model.js';

/**
 * Caches a payload derived from station data, rebuilt when the read model's version changes
 * (an import landed here or elsewhere): no query per request.
 */
export function createStationDataCache<T>(build: (db: Database) => Promise<T>) {
  let cached: { version: string; value: Promise<T> } | null = null;
  return async (db: Database): Promise<T> => {
    const { version } = await getStationReadModel(db);
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

/**
 * Loads the station read model (server start-up), so the first visitor does not wait for it;
 * returns what the start-up log records of it.
 */
export async function loadStationReadModel(db: Database) {
  const started = performance.now();
  const model = await getStationReadModel(db);
  return {
    version: model.version,
    groups: model.groups.size,
    lines: model.lines.size,
    search_terms: model.terms.name.length + model.terms.reading.length + model.terms.romaji.length,
    ms: Math.round(performance.now() - started),
  };
}

/** Changes with every import: part of the key of anything derived from station data. */
export async function getStationDataVersion(db: Database): Promise<string> {
  return (await getStationReadModel(db)).version;
}

export async function getMarkersPayload(db: Database): Promise<PreparedPayload> {
  return (await getStationReadModel(db)).markers;
}

export async function getMarkerNamesPayload(db: Database): Promise<PreparedPayload> {
  return (await getStationReadModel(db)).markerNames;
}

type StationState = { version: string; counts: StationDetail['counts'] };

/** All a station's answer depends on: the station data's version and its live counts. */
export async function getStationState(db: Database, id: number): Promise<StationState> {
  const model = await getStationReadModel(db);
  if (!model.groups.has(id)) throw notFound('指定された駅は見つかりませんでした。');
  const { posts, wants, stamps } = await countStationActivity(db, id);
  return { version: model.version, counts: { posts, want_to_visit: wants, stamps } };
}

/** A station with `state`'s counts (its current state when not given). */
export async function getStation(
  db: Database,
  id: number,
  state?: StationState,
): Promise<StationDetail> {
  // Everything but the counts comes from memory; the counts stay live from the database.
  const { counts } = state ?? (await getStationState(db, id));
  const model = await getStationReadModel(db);
  const group = model.groups.get(id);
  if (!group) throw notFound('指定された駅は見つかりませんでした。');
  const lineNames = model.lines;
  // The group's lines are its member stations' lines (open first, Shinkansen first).
  const lines = new Map<number, StationSummary['lines'][number]>();
  // A closed member's line is listed only when the whole group is closed.
  for (const member of group.members) {
    if (member.closed && !group.closed) continue;
    lines.set(member.lineId, lineRefOf(lineNames.get(member.lineId)!));
  }
  return {
    ...summaryOf(group),
    lines: [...lines.values()],
    address: group.address,
    postal_code: group.postalCode,
    opened_on: group.openedOn,
    stations: group.members.map((member) => ({
      id: member.id,
      name: member.name,
      line: lineRefOf(lineNames.get(member.lineId)!),
      closed: member.closed,
      closed_on: member.closedOn,
    })),
    transfers: (model.openTransferGroups.get(group.transferGroupId) ?? [])
      .filter((other) => other.id !== group.id)
      .map((other) => ({
        ...summaryOf(other),
        distance_m: Math.round(haversineMetres(group, other)),
      }))
      .sort((a, b) => a.distance_m - b.distance_m || a.id - b.id),
    counts,
  };
}

/**
 * Where an id that is no station's leads: a platform's id (a station code of 駅データ.jp, which
 * older links and the data's own group codes use) leads to its station; else null.
 */
export async function stationIdOfPlatform(db: Database, id: number): Promise<number | null> {
  const model = await getStationReadModel(db);
  if (model.groups.has(id)) return null;
  return model.groupIdByStation.get(id) ?? null;
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
  const model = await getStationReadModel(db);
  return {
    items: queries.searchGroups(model, keys, limit).map(({ group, matchedName }) => ({
      ...summaryOf(group),
      matched_name: matchedName,
      lines: group.summaryLines.slice(0, SEARCH_RESULT_LINES),
      line_count: group.summaryLines.length,
    })),
    lines: queries.searchLines(model, keys, LINE_RESULTS).map((line) => ({
      id: line.id,
      name: line.name,
      name_romaji: line.nameRomaji,
      company_name: line.companyName,
      kind: line.kind,
      closed: line.closed,
      station_count: line.openStationCount,
    })),
  };
}

/** A line's name, company and open station count, for its page's link preview; null if none. */
export async function findLineSummary(
  db: Database,
  lineId: number,
): Promise<{ id: number; name: string; companyName: string | null; openStations: number } | null> {
  const line = (await getStationReadModel(db)).lines.get(lineId);
  if (!line) return null;
  return {
    id: line.id,
    name: line.name,
    companyName: line.companyName,
    openStations: line.openStationCount,
  };
}

export async function getLine(db: Database, lineId: number): Promise<LineDetail> {
  const model = await getStationReadModel(db);
  const line = model.lines.get(lineId);
  if (!line) throw notFound('指定された路線は見つかりませんでした。');
  return {
    id: line.id,
    name: line.name,
    name_romaji: line.nameRomaji,
    company_name: line.companyName,
    kind: line.kind,
    closed: line.closed,
    stations: line.stations.map((station) => {
      const group = model.groups.get(station.groupId)!;
      return {
        id: station.id,
        name: station.name,
        station_group_id: group.id,
        group_name: group.name,
        group_name_romaji: group.nameRomaji,
        lat: group.lat,
        lng: group.lng,
        closed: station.closed,
        closed_on: station.closedOn,
      };
    }),
  };
}

export async function findNearbyStations(
  db: Database,
  point: { lat: number; lng: number },
  radiusM: number,
  limit: number,
): Promise<NearbyStation[]> {
  const model = await getStationReadModel(db);
  return queries.findNearbyGroups(model, point, radiusM, limit).map(({ group, distanceM }) => ({
    ...summaryOf(group),
    distance_m: Math.round(distanceM),
  }));
}

export async function drawRandomStation(
  db: Database,
  filter: { prefectureId?: number; lineId?: number },
  random: () => number = Math.random,
): Promise<StationSummary> {
  const choices = queries.openGroupsFor(await getStationReadModel(db), filter);
  const group = choices[Math.floor(random() * choices.length)];
  if (!group) throw notFound('条件に合う駅が見つかりませんでした。条件を変えてお試しください。');
  return summaryOf(group);
}

export async function listPrefectures(db: Database) {
  return (await getStationReadModel(db)).prefectures;
}

export async function listLines(db: Database, prefectureId?: number) {
  const model = await getStationReadModel(db);
  const lines =
    prefectureId === undefined
      ? model.openLines
      : (model.openLinesByPrefecture.get(prefectureId) ?? []);
  return lines.map(lineRefOf);
}

/* ---- Stamps (docs/stamps.md) ---- */

/** A station group's positions, prefecture and lines, for a check-in or its stamp image. */
export async function findStampStation(db: Database, groupId: number) {
  return repository.findGroupPositions(db, groupId);
}

export interface CompletionTotals {
  prefectures: { id: number; name: string; total: number }[];
  lines: Map<number, { id: number; name: string; color: string; total: number }>;
  /** Open group → its prefecture. */
  prefectureOf: Map<number, number>;
  /** Open group → its open lines. */
  linesOf: Map<number, number[]>;
  total: number;
}

/**
 * What a stamp book is measured against: the open groups of each prefecture and line. Built once
 * per station data version (a few thousand rows), so a summary costs one query of the member's
 * stamps.
 */
export const getCompletionTotals = createStationDataCache(async (db): Promise<CompletionTotals> => {
  const [model, lineRows] = await Promise.all([
    getStationReadModel(db),
    repository.listOpenLines(db),
  ]);
  const prefectureOf = new Map<number, number>();
  const linesOf = new Map<number, number[]>();
  const perLine = new Map<number, number>();
  for (const group of model.openGroups) {
    prefectureOf.set(group.id, group.prefecture.id);
    const groupLineIds = [
      ...new Set(group.members.filter((member) => !member.closed).map((member) => member.lineId)),
    ];
    linesOf.set(group.id, groupLineIds);
    for (const lineId of groupLineIds) perLine.set(lineId, (perLine.get(lineId) ?? 0) + 1);
  }
  return {
    prefectures: model.prefectures.map((prefecture) => ({
      id: prefecture.id,
      name: prefecture.name,
      total: model.openGroupsByPrefecture.get(prefecture.id)?.length ?? 0,
    })),
    lines: new Map(
      lineRows.map((row) => [
        row.id,
        { id: row.id, name: row.name, color: row.color, total: perLine.get(row.id) ?? 0 },
      ]),
    ),
    prefectureOf,
    linesOf,
    total: prefectureOf.size,
  };
});
