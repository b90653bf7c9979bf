import { haversineMetres } from '../../lib/geo.js';

/**
 * Each line as a graph of its stations (docs/rides.md#sections): the neighbours of 駅データ.jp's
 * join.csv (a loop is closed, a branch leaves the main line at its branching station), or the
 * stations in line order where the data has no joins. Closed stations and closed lines stay in
 * the graph: a ride on them is allowed for a date when they were open. Pure: built once per
 * station data version by ride-network.service.ts.
 */

export interface NetStation {
  /** The line's own station (ekidata station_cd). */
  id: number;
  /** The station as the app shows it (its page's id). */
  groupId: number;
  name: string;
  prefectureId: number;
  lat: number;
  lng: number;
  closed: boolean;
  closedOn: string | null;
}

export interface NetEdge {
  key: number;
  a: number;
  b: number;
  metres: number;
  /** Counted in the line's share: both ends open on an open line; every edge of a closed line. */
  target: boolean;
}

export interface NetLine {
  id: number;
  name: string;
  color: string;
  closed: boolean;
  companyId: number | null;
  companyName: string | null;
  stations: Map<number, NetStation>;
  /** The line's station at each station group it serves (the first in line order). */
  stationOfGroup: Map<number, number>;
  neighbours: Map<number, { to: number; edge: NetEdge }[]>;
  edges: Map<number, NetEdge>;
  targetMetres: number;
  targetSections: number;
}

export interface NetworkInput {
  id: number;
  name: string;
  color: string;
  closed: boolean;
  companyId: number | null;
  companyName: string | null;
  /** In line order. */
  stations: NetStation[];
  links: (readonly [number, number])[];
}

/** One number per unordered pair of station codes (seven digits at most). */
export function edgeKey(a: number, b: number): number {
  return a < b ? a * 10_000_000 + b : b * 10_000_000 + a;
}

export function buildNetLine(input: NetworkInput): NetLine {
  const stations = new Map(input.stations.map((station) => [station.id, station]));
  const stationOfGroup = new Map<number, number>();
  for (const station of input.stations) {
    // An open platform of the group wins over a closed one.
    const held = stationOfGroup.get(station.groupId);
    if (held === undefined || (stations.get(held)!.closed && !station.closed)) {
      stationOfGroup.set(station.groupId, station.id);
    }
  }
  const pairs: (readonly [number, number])[] =
    input.links.length > 0
      ? input.links
      : input.stations.slice(1).map((station, i) => [input.stations[i]!.id, station.id] as const);
  const edges = new Map<number, NetEdge>();
  const neighbours = new Map<number, { to: number; edge: NetEdge }[]>();
  const link = (from: number, to: number, edge: NetEdge) => {
    const list = neighbours.get(from) ?? [];
    list.push({ to, edge });
    neighbours.set(from, list);
  };
  let targetMetres = 0;
  let targetSections = 0;
  for (const [a, b] of pairs) {
    const sa = stations.get(a);
    const sb = stations.get(b);
    if (!sa || !sb || a === b) continue;
    const key = edgeKey(a, b);
    if (edges.has(key)) continue;
    const target = input.closed || (!sa.closed && !sb.closed);
    const edge: NetEdge = { key, a, b, metres: haversineMetres(sa, sb), target };
    edges.set(key, edge);
    link(a, b, edge);
    link(b, a, edge);
    if (target) {
      targetMetres += edge.metres;
      targetSections += 1;
    }
  }
  return {
    id: input.id,
    name: input.name,
    color: input.color,
    closed: input.closed,
    companyId: input.companyId,
    companyName: input.companyName,
    stations,
    stationOfGroup,
    neighbours,
    edges,
    targetMetres,
    targetSections,
  };
}

/**
 * The shortest path (by length) from one station to another along the line, avoiding the
 * stations `blocked` says no and the edges in `without`; null when there is none. Lines hold a
 * few hundred stations at most, so a plain O(n²) Dijkstra is enough.
 */
export function shortestPath(
  line: NetLine,
  from: number,
  to: number,
  options: { blocked?: (stationId: number) => boolean; without?: Set<number> } = {},
): number[] | null {
  const distance = new Map<number, number>([[from, 0]]);
  const previous = new Map<number, number>();
  const done = new Set<number>();
  for (;;) {
    let current: number | null = null;
    let best = Infinity;
    for (const [id, d] of distance) {
      if (!done.has(id) && d < best) {
        best = d;
        current = id;
      }
    }
    if (current === null) return null;
    if (current === to) break;
    done.add(current);
    for (const { to: next, edge } of line.neighbours.get(current) ?? []) {
      if (done.has(next) || options.without?.has(edge.key)) continue;
      if (next !== to && options.blocked?.(next)) continue;
      const through = best + edge.metres;
      if (through < (distance.get(next) ?? Infinity)) {
        distance.set(next, through);
        previous.set(next, current);
      }
    }
  }
  const path = [to];
  while (path[path.length - 1] !== from) path.push(previous.get(path[path.length - 1]!)!);
  return path.reverse();
}

export function pathEdges(line: NetLine, path: readonly number[]): NetEdge[] {
  const found: NetEdge[] = [];
  for (let i = 1; i < path.length; i += 1) {
    const edge = line.edges.get(edgeKey(path[i - 1]!, path[i]!));
    if (edge) found.push(edge);
  }
  return found;
}

export function pathMetres(line: NetLine, path: readonly number[]): number {
  return pathEdges(line, path).reduce((sum, edge) => sum + edge.metres, 0);
}

export type RouteResult =
  | { kind: 'ok'; path: number[]; metres: number }
  | { kind: 'not-connected' }
  | { kind: 'no-other-way' }
  | { kind: 'closed'; station: NetStation };

/** A station is closed on `date` when its closing date is on or before it. */
function closedOn(station: NetStation, date: string): boolean {
  return station.closedOn !== null && station.closedOn <= date;
}

/**
 * The section ridden from one station to another on `date`: the shorter way, or with
 * `way: 'long'` the shortest way that shares no section with it (the other way round a loop).
 * Stations closed by then are avoided; when every way passes one, the answer names it.
 */
export function routeRide(
  line: NetLine,
  from: number,
  to: number,
  way: 'short' | 'long',
  date: string,
): RouteResult {
  const blocked = (id: number) => closedOn(line.stations.get(id)!, date);
  for (const end of [from, to]) {
    const station = line.stations.get(end)!;
    if (closedOn(station, date)) return { kind: 'closed', station };
  }
  const route = (without?: Set<number>) => {
    const open = shortestPath(line, from, to, { blocked, ...(without && { without }) });
    if (open) return { open: true, path: open };
    const any = shortestPath(line, from, to, without ? { without } : {});
    return any ? { open: false, path: any } : null;
  };
  let found = route();
  if (!found) return { kind: 'not-connected' };
  if (way === 'long') {
    found = route(new Set(pathEdges(line, found.path).map((edge) => edge.key)));
    if (!found) return { kind: 'no-other-way' };
  }
  if (!found.open) {
    const station = found.path.map((id) => line.stations.get(id)!).find((s) => closedOn(s, date));
    if (station) return { kind: 'closed', station };
  }
  return { kind: 'ok', path: found.path, metres: pathMetres(line, found.path) };
}
