import { toKatakana } from 'wanakana';
import { stationNameKey } from './named-stations.js';
import type { QueryKeys as SearchKeys } from './search-keys.js';
import type { ModelGroup, ModelLine, ModelTerm, StationReadModel } from './station-read-model.js';

/**
 * Look-ups on the in-memory read model. They answer exactly as the SQL they replaced did
 * (docs/stations.md#search): same matches, same order, same ties.
 */

type Rank = 0 | 1 | 2;
type TermKind = keyof StationReadModel['terms'];

interface GroupMatch {
  group: ModelGroup;
  rank: Rank;
  /** The row that names the group in the result (its own name when that matched). */
  shown: { term: ModelTerm; rank: Rank };
}

/** The row that names a result: the group's own name, then the most used name, best match. */
function namesBetter(a: { term: ModelTerm; rank: Rank }, b: { term: ModelTerm; rank: Rank }) {
  const order =
    Number(b.term.isGroupName) - Number(a.term.isGroupName) ||
    b.term.nameLineCount - a.term.nameLineCount ||
    a.rank - b.rank ||
    (a.term.stationName < b.term.stationName
      ? -1
      : a.term.stationName > b.term.stationName
        ? 1
        : 0);
  return order < 0;
}

/**
 * Groups matching any of their names, readings or romaji keys: exact (0) before prefix (1)
 * before substring (2), open before closed, more lines first, shorter names first.
 */
export function searchGroups(model: StationReadModel, keys: SearchKeys, limit: number) {
  const entries: [TermKind, string][] = [['name', keys.name]];
  if (keys.reading) entries.push(['reading', keys.reading]);
  if (keys.romaji) entries.push(['romaji', keys.romaji]);
  const matches = new Map<number, GroupMatch>();
  for (const [kind, key] of entries) {
    for (const term of model.terms[kind]) {
      const text = term.term;
      if (!text.includes(key)) continue;
      const rank: Rank = text === key ? 0 : text.startsWith(key) ? 1 : 2;
      const found = matches.get(term.group.id);
      if (!found) {
        matches.set(term.group.id, { group: term.group, rank, shown: { term, rank } });
        continue;
      }
      if (rank < found.rank) found.rank = rank;
      if (namesBetter({ term, rank }, found.shown)) found.shown = { term, rank };
    }
  }
  return [...matches.values()]
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        Number(a.group.closed) - Number(b.group.closed) ||
        b.group.lineCount - a.group.lineCount ||
        a.group.nameLength - b.group.nameLength ||
        a.group.id - b.group.id,
    )
    .slice(0, limit)
    .map((match) => ({ group: match.group, matchedName: shownName(match) }));
}

/** A platform name that is only another spelling of the station's (市ヶ谷, 市ケ谷) is its name. */
function shownName({ group, shown }: GroupMatch): string {
  const name = shown.term.stationName;
  return stationNameKey(name) === stationNameKey(group.name) ? group.name : name;
}

/** Lines whose name or kana reading contains the query: open lines first, shorter names first. */
export function searchLines(model: StationReadModel, keys: SearchKeys, limit: number) {
  const katakana = keys.reading ? toKatakana(keys.reading) : null;
  const found: ModelLine[] = [];
  for (const line of model.lines.values()) {
    if (line.name.includes(keys.name) || (katakana && line.nameKana.includes(katakana)))
      found.push(line);
  }
  const length = (line: ModelLine) => [...line.name].length;
  return found
    .sort((a, b) => Number(a.closed) - Number(b.closed) || length(a) - length(b) || a.id - b.id)
    .slice(0, limit);
}

const EARTH_RADIUS_M = 6_371_000;
const METRES_PER_DEGREE_LAT = 111_320;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

function distanceMetres(point: { lat: number; lng: number }, group: ModelGroup) {
  const a =
    Math.sin(radians(group.lat - point.lat) / 2) ** 2 +
    Math.cos(radians(point.lat)) *
      Math.cos(radians(group.lat)) *
      Math.sin(radians(group.lng - point.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(a));
}

/** First index whose latitude is at least `lat` (the list is sorted by latitude). */
function lowerBound(groups: ModelGroup[], lat: number) {
  let low = 0;
  let high = groups.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (groups[middle]!.lat < lat) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Nearest open groups within a radius, nearest first. */
export function findNearbyGroups(
  model: StationReadModel,
  point: { lat: number; lng: number },
  radiusM: number,
  limit: number,
) {
  const dLat = radiusM / METRES_PER_DEGREE_LAT;
  const dLng = radiusM / (METRES_PER_DEGREE_LAT * Math.max(Math.cos(radians(point.lat)), 0.01));
  const groups = model.openGroupsByLat;
  const found: { group: ModelGroup; distanceM: number }[] = [];
  for (let i = lowerBound(groups, point.lat - dLat); i < groups.length; i += 1) {
    const group = groups[i]!;
    if (group.lat > point.lat + dLat) break;
    if (Math.abs(group.lng - point.lng) > dLng) continue;
    const distanceM = distanceMetres(point, group);
    if (distanceM <= radiusM) found.push({ group, distanceM });
  }
  return found.sort((a, b) => a.distanceM - b.distanceM || a.group.id - b.group.id).slice(0, limit);
}

/** The 駅ガチャ's choices: open groups, within a prefecture and/or on a line, by id. */
export function openGroupsFor(
  model: StationReadModel,
  filter: { prefectureId?: number; lineId?: number },
): ModelGroup[] {
  const { prefectureId, lineId } = filter;
  if (lineId !== undefined) {
    const onLine = model.openGroupsByLine.get(lineId) ?? [];
    return prefectureId === undefined
      ? onLine
      : onLine.filter((group) => group.prefecture.id === prefectureId);
  }
  if (prefectureId !== undefined) return model.openGroupsByPrefecture.get(prefectureId) ?? [];
  return model.openGroups;
}
