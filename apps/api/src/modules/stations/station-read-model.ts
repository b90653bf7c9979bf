import { encodeStationMarkers } from '@ekispot/shared';
import type { LineKind, StationMarkerNames, StationSummary } from '@ekispot/shared';
import { preparePayload, type PreparedPayload } from '../../lib/prepared-payload.js';
import type { ReadModelRows } from './station-read-model.repository.js';
import { romaniseLine } from './romanised-names.js';

/**
 * Station data as it changes: only when an import lands. Built once from the database per
 * data version and then only read, so a request for a station, a search or the markers costs
 * no database round trip (docs/stations.md#read-model). Posts, wants and stamps are not here:
 * they change all the time and stay in the database.
 */

export interface ModelLine {
  id: number;
  name: string;
  /** Romanised from its kana (romanised-names.ts). */
  nameRomaji: string;
  nameKana: string;
  kind: LineKind;
  closed: boolean;
  companyName: string | null;
  /** Stations along the line (by seq, then id). */
  stations: ModelStation[];
  /** Open stations on the line. */
  openStationCount: number;
}

export interface ModelStation {
  id: number;
  groupId: number;
  lineId: number;
  name: string;
  closed: boolean;
  closedOn: string | null;
}

export interface ModelGroup {
  id: number;
  /** The transfer group (ekidata station group) it is part of: its main station's id. */
  transferGroupId: number;
  name: string;
  nameRomaji: string;
  /** Characters, as PostgreSQL's length() counts them: orders search results. */
  nameLength: number;
  prefecture: { id: number; name: string };
  address: string;
  postalCode: string;
  lat: number;
  lng: number;
  lineCount: number;
  closed: boolean;
  closedOn: string | null;
  openedOn: string | null;
  /** Member stations: open first, Shinkansen first, then by line and code. */
  members: ModelStation[];
  /** What lists and search rows show: open lines first, Shinkansen first, then by code. */
  summaryLines: StationSummary['lines'];
}

export interface ModelTerm {
  group: ModelGroup;
  term: string;
  stationName: string;
  isGroupName: boolean;
  nameLineCount: number;
}

export interface StationReadModel {
  /** The station data version (the last import's time): part of every derived ETag. */
  version: string;
  prefectures: { id: number; name: string }[];
  groups: Map<number, ModelGroup>;
  lines: Map<number, ModelLine>;
  /** Lines by id, for listings (open lines only). */
  openLines: ModelLine[];
  /** Open lines serving each prefecture, by line id. */
  openLinesByPrefecture: Map<number, ModelLine[]>;
  /** Open groups by id: the 駅ガチャ's draw and the map layer. */
  openGroups: ModelGroup[];
  openGroupsByPrefecture: Map<number, ModelGroup[]>;
  /** Open groups with an open station on the line, by id. */
  openGroupsByLine: Map<number, ModelGroup[]>;
  /** Open groups sorted by latitude: nearby look-ups cut a band out by binary search. */
  openGroupsByLat: ModelGroup[];
  /** Open stations of each transfer group of two or more (乗り換え), by transfer group id. */
  openTransferGroups: Map<number, ModelGroup[]>;
  /** Station group ids by the id of each of their platforms (stations), for old links. */
  groupIdByStation: Map<number, number>;
  terms: { name: ModelTerm[]; reading: ModelTerm[]; romaji: ModelTerm[] };
  markers: PreparedPayload;
  markerNames: PreparedPayload;
}

const byLineOrder = (lines: Map<number, ModelLine>) => (a: ModelStation, b: ModelStation) => {
  const shinkansen = (station: ModelStation) =>
    lines.get(station.lineId)?.kind === 'shinkansen' ? 0 : 1;
  return (
    Number(a.closed) - Number(b.closed) ||
    shinkansen(a) - shinkansen(b) ||
    a.lineId - b.lineId ||
    a.id - b.id
  );
};

/** The lines a summary shows: a line counts as closed at a group when all its members on it are. */
function summaryLinesOf(members: ModelStation[], lines: Map<number, ModelLine>) {
  const closedByLine = new Map<number, boolean>();
  for (const member of members) {
    closedByLine.set(member.lineId, (closedByLine.get(member.lineId) ?? true) && member.closed);
  }
  return [...closedByLine]
    .map(([lineId, closed]) => ({ line: lines.get(lineId)!, closed }))
    .sort(
      (a, b) =>
        Number(a.closed) - Number(b.closed) ||
        Number(a.line.kind !== 'shinkansen') - Number(b.line.kind !== 'shinkansen') ||
        a.line.id - b.line.id,
    )
    .map(({ line }) => lineRefOf(line));
}

/** A line as station answers name it. */
export function lineRefOf(line: ModelLine): StationSummary['lines'][number] {
  return { id: line.id, name: line.name, name_romaji: line.nameRomaji };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** 5 decimals ≈ 1 m: enough for a marker, and it keeps the payload small. */
export async function buildStationReadModel(rows: ReadModelRows): Promise<StationReadModel> {
  const prefectureNames = new Map(rows.prefectures.map((row) => [row.id, row.name]));
  const lines = new Map<number, ModelLine>();
  for (const row of rows.lines) {
    lines.set(row.id, {
      ...row,
      nameRomaji: romaniseLine(row.name, row.nameKana),
      stations: [],
      openStationCount: 0,
    });
  }
  const membersByGroup = new Map<number, ModelStation[]>();
  for (const row of rows.stations) {
    const station: ModelStation = {
      id: row.id,
      groupId: row.groupId,
      lineId: row.lineId,
      name: row.name,
      closed: row.closed,
      closedOn: row.closedOn,
    };
    const line = lines.get(row.lineId);
    if (!line) continue;
    line.stations.push(station);
    if (!station.closed) line.openStationCount += 1;
    push(membersByGroup, row.groupId, station);
  }

  const groups = new Map<number, ModelGroup>();
  for (const row of rows.groups) {
    const members = (membersByGroup.get(row.id) ?? []).sort(byLineOrder(lines));
    groups.set(row.id, {
      id: row.id,
      transferGroupId: row.transferGroupId,
      name: row.name,
      nameRomaji: row.nameRomaji,
      nameLength: [...row.name].length,
      prefecture: { id: row.prefectureId, name: prefectureNames.get(row.prefectureId) ?? '' },
      address: row.address,
      postalCode: row.postalCode,
      lat: row.lat,
      lng: row.lng,
      lineCount: row.lineCount,
      closed: row.closed,
      closedOn: row.closedOn,
      openedOn: row.openedOn,
      members,
      summaryLines: summaryLinesOf(members, lines),
    });
  }

  const openGroups = [...groups.values()].filter((group) => !group.closed);
  const openTransferGroups = new Map<number, ModelGroup[]>();
  for (const group of openGroups) push(openTransferGroups, group.transferGroupId, group);
  for (const [id, members] of openTransferGroups) {
    if (members.length < 2) openTransferGroups.delete(id);
  }
  const openGroupsByPrefecture = new Map<number, ModelGroup[]>();
  const openGroupsByLine = new Map<number, ModelGroup[]>();
  const openLineIdsByPrefecture = new Map<number, Set<number>>();
  for (const group of openGroups) {
    push(openGroupsByPrefecture, group.prefecture.id, group);
    const openLineIds = new Set(
      group.members.filter((member) => !member.closed).map((member) => member.lineId),
    );
    for (const lineId of openLineIds) push(openGroupsByLine, lineId, group);
  }
  // Prefecture line lists follow the open stations, whatever the state of their group.
  for (const line of lines.values()) {
    for (const station of line.stations) {
      const group = groups.get(station.groupId);
      if (station.closed || !group) continue;
      const set = openLineIdsByPrefecture.get(group.prefecture.id) ?? new Set<number>();
      set.add(line.id);
      openLineIdsByPrefecture.set(group.prefecture.id, set);
    }
  }
  const openLines = [...lines.values()].filter((line) => !line.closed);
  const openLinesByPrefecture = new Map<number, ModelLine[]>();
  for (const [prefectureId, ids] of openLineIdsByPrefecture) {
    openLinesByPrefecture.set(
      prefectureId,
      openLines.filter((line) => ids.has(line.id)),
    );
  }

  const terms: StationReadModel['terms'] = { name: [], reading: [], romaji: [] };
  for (const row of rows.terms) {
    const group = groups.get(row.groupId);
    if (!group) continue;
    terms[row.kind].push({
      group,
      term: row.term,
      stationName: row.stationName,
      isGroupName: row.isGroupName,
      nameLineCount: row.nameLineCount,
    });
  }

  const markers = encodeStationMarkers({
    ids: openGroups.map((group) => group.id),
    lats: openGroups.map((group) => group.lat),
    lngs: openGroups.map((group) => group.lng),
  });
  const markerNames: StationMarkerNames = {
    ids: openGroups.map((group) => group.id),
    names: openGroups.map((group) => group.name),
  };

  return {
    version: rows.version,
    prefectures: rows.prefectures,
    groups,
    lines,
    openLines,
    openLinesByPrefecture,
    openGroups,
    openGroupsByPrefecture,
    openGroupsByLine,
    openGroupsByLat: [...openGroups].sort((a, b) => a.lat - b.lat || a.id - b.id),
    openTransferGroups,
    groupIdByStation: new Map(rows.stations.map((row) => [row.id, row.groupId])),
    terms,
    markers: await preparePayload(markers),
    markerNames: await preparePayload(markerNames),
  };
}

export function summaryOf(group: ModelGroup): StationSummary {
  return {
    id: group.id,
    name: group.name,
    name_romaji: group.nameRomaji,
    prefecture: group.prefecture,
    lat: group.lat,
    lng: group.lng,
    lines: group.summaryLines,
    closed: group.closed,
    closed_on: group.closedOn,
  };
}
