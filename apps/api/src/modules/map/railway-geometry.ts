import type { LineKind } from '@ekispot/shared';

/**
 * Railway lines for the offline basemap (docs/basemap.md), drawn along the neighbours of
 * 駅データ.jp's join.csv: a loop is drawn closed because its last join leads back to its first
 * station, a branch is drawn apart because it joins the main line at the branching station.
 * Pure functions: the caller loads the data once and caches the result.
 *
 * Express and through services (湘南新宿ライン, 成田エクスプレス, 上野東京ライン, JR中央線(快速)…)
 * are in the data as lines of their own whose neighbours are stops several local stations apart;
 * drawn as they are, they cut straight chords across a city. A join is left out when another
 * line serves both its stations with local stops in between: that line draws the track. Joins
 * that only an express serves (its own track) stay. Shinkansen lines are kept whole and tagged
 * `kind: 'shinkansen'`; the map shows them only at country and region zoom, where their chords
 * are shorter than a local hop on screen.
 */

import simplify from 'simplify-js';
// The distance is shared with the stamp check-in (lib/geo.ts).
import { haversineMetres, type LatLng } from '../../lib/geo.js';

export { haversineMetres, type LatLng };

export interface RailwayStationInput extends LatLng {
  id: number;
  groupId: number;
}

export interface RailwayLineInput {
  id: number;
  name: string;
  kind: LineKind;
  /** In line order (used only when the data has no joins for the line). */
  stations: readonly RailwayStationInput[];
  /** Neighbouring station ids. */
  links: readonly (readonly [number, number])[];
}

/** GeoJSON position: longitude first. */
export type LngLat = [lng: number, lat: number];

export interface RailwayFeature {
  type: 'Feature';
  id: number;
  properties: { line_id: number; name: string; kind: LineKind };
  geometry: { type: 'MultiLineString'; coordinates: LngLat[][] };
}

export interface RailwayFeatureCollection {
  type: 'FeatureCollection';
  features: RailwayFeature[];
}

/** How many local stops apart two stations may be on another line for a join to count as express. */
const MAX_LOCAL_HOPS = 80;
const COORDINATE_DECIMALS = 5; // ~1 m: station positions are no more precise than that
type Edge = readonly [number, number];

/** Each line's edges: its joins, or consecutive stations when the data has none. */
function edgesOf(line: RailwayLineInput, byId: Map<number, RailwayStationInput>): Edge[] {
  const edges: Edge[] =
    line.links.length > 0
      ? line.links.filter(([a, b]) => a !== b && byId.has(a) && byId.has(b))
      : line.stations.slice(1).map((station, index) => [line.stations[index]!.id, station.id]);
  const seen = new Set<string>();
  return edges.filter(([a, b]) => {
    const key = a < b ? `${a}-${b}` : `${b}-${a}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Hop counts between station groups along one line (BFS, bounded). */
class LineGraph {
  private readonly neighbours = new Map<number, Set<number>>();

  constructor(edges: readonly Edge[], groupOf: (stationId: number) => number) {
    for (const [a, b] of edges) {
      const ga = groupOf(a);
      const gb = groupOf(b);
      if (ga === gb) continue;
      this.link(ga, gb);
      this.link(gb, ga);
    }
  }

  has(group: number): boolean {
    return this.neighbours.has(group);
  }

  private link(from: number, to: number) {
    let set = this.neighbours.get(from);
    if (!set) this.neighbours.set(from, (set = new Set()));
    set.add(to);
  }

  /** Stops between two groups along this line (Infinity when not connected within the bound). */
  hops(from: number, to: number): number {
    if (from === to) return 0;
    let frontier = [from];
    const seen = new Set(frontier);
    for (let depth = 1; depth <= MAX_LOCAL_HOPS && frontier.length > 0; depth += 1) {
      const next: number[] = [];
      for (const node of frontier) {
        for (const neighbour of this.neighbours.get(node) ?? []) {
          if (neighbour === to) return depth;
          if (!seen.has(neighbour)) {
            seen.add(neighbour);
            next.push(neighbour);
          }
        }
      }
      frontier = next;
    }
    return Infinity;
  }
}

export function buildRailwayFeatures(lines: readonly RailwayLineInput[]): RailwayFeatureCollection {
  const byId = new Map<number, RailwayStationInput>();
  for (const line of lines) for (const station of line.stations) byId.set(station.id, station);
  const groupOf = (id: number) => byId.get(id)?.groupId ?? -id;

  const edgesByLine = new Map(lines.map((line) => [line.id, edgesOf(line, byId)]));
  const graphs = new Map<number, LineGraph>();
  const linesByGroup = new Map<number, number[]>();
  for (const line of lines) {
    if (line.kind === 'shinkansen') continue;
    const graph = new LineGraph(edgesByLine.get(line.id) ?? [], groupOf);
    graphs.set(line.id, graph);
    for (const station of line.stations) {
      const list = linesByGroup.get(station.groupId) ?? [];
      if (!list.includes(line.id)) list.push(line.id);
      linesByGroup.set(station.groupId, list);
    }
  }

  /** Does another line serve both ends with local stops between them? */
  const isExpressChord = (line: RailwayLineInput, [a, b]: Edge): boolean => {
    const ga = groupOf(a);
    const gb = groupOf(b);
    if (ga === gb) return false;
    const others = (linesByGroup.get(ga) ?? []).filter(
      (other) => other !== line.id && (linesByGroup.get(gb) ?? []).includes(other),
    );
    return others.some((other) => {
      const hops = graphs.get(other)?.hops(ga, gb) ?? Infinity;
      return hops >= 2 && hops !== Infinity;
    });
  };

  const features: RailwayFeature[] = [];
  const seenLines = new Set<number>();
  for (const line of lines) {
    if (seenLines.has(line.id)) continue;
    seenLines.add(line.id);
    const edges = (edgesByLine.get(line.id) ?? []).filter(
      (edge) => line.kind === 'shinkansen' || !isExpressChord(line, edge),
    );
    const coordinates = chainEdges(edges)
      .map((path) => toRoundedPath(path.map((id) => byId.get(id)!)))
      .filter((path) => path.length >= 2);
    if (coordinates.length === 0) continue;
    features.push({
      type: 'Feature',
      id: line.id,
      properties: { line_id: line.id, name: line.name, kind: line.kind },
      geometry: { type: 'MultiLineString', coordinates },
    });
  }
  return { type: 'FeatureCollection', features };
}

/**
 * Joins edges into as few paths as possible: each path runs between stations where the line
 * ends or branches (degree ≠ 2); what is left after that are loops, drawn closed.
 */
export function chainEdges(edges: readonly Edge[]): number[][] {
  const adjacency = new Map<number, number[]>();
  const add = (from: number, to: number) => {
    const list = adjacency.get(from) ?? [];
    list.push(to);
    adjacency.set(from, list);
  };
  for (const [a, b] of edges) {
    add(a, b);
    add(b, a);
  }
  const used = new Set<string>();
  const key = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);
  const walk = (start: number, next: number): number[] => {
    const path = [start, next];
    used.add(key(start, next));
    let previous = start;
    let current = next;
    while ((adjacency.get(current)?.length ?? 0) === 2) {
      const following = adjacency.get(current)!.find((node) => node !== previous || false);
      if (following === undefined || used.has(key(current, following))) break;
      used.add(key(current, following));
      path.push(following);
      previous = current;
      current = following;
    }
    return path;
  };

  const paths: number[][] = [];
  // Ends and branch points first, in a stable order, so a line draws the same way every time.
  const nodes = [...adjacency.keys()].sort((a, b) => a - b);
  for (const node of nodes) {
    if (adjacency.get(node)!.length === 2) continue;
    for (const next of adjacency.get(node)!) {
      if (!used.has(key(node, next))) paths.push(walk(node, next));
    }
  }
  for (const node of nodes) {
    for (const next of adjacency.get(node)!) {
      if (!used.has(key(node, next))) paths.push(walk(node, next));
    }
  }
  return paths;
}

function toRoundedPath(stations: readonly LatLng[]): LngLat[] {
  const path: LngLat[] = [];
  for (const station of stations) {
    const position: LngLat = [round(station.lng), round(station.lat)];
    const previous = path[path.length - 1];
    if (previous?.[0] === position[0] && previous[1] === position[1]) continue;
    path.push(position);
  }
  return path;
}

function round(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  return Math.round(value * factor) / factor;
}

/**
 * Railways for the country view (below zoom 6): each line simplified (Douglas–Peucker) to
 * `toleranceDegrees` and rounded to `decimals`, keeping every part's ends. At zoom 6 a pixel is
 * about 0.02°, so the default moves no line by more than a pixel there, at a third of the
 * points and a quarter of the bytes (docs/basemap.md#first-visit).
 */
export function overviewRailways(
  collection: RailwayFeatureCollection,
  { toleranceDegrees = 0.02, decimals = 2 } = {},
): RailwayFeatureCollection {
  const factor = 10 ** decimals;
  const round = (value: number) => Math.round(value * factor) / factor;
  return {
    type: 'FeatureCollection',
    features: collection.features.map((feature) => ({
      ...feature,
      geometry: {
        type: 'MultiLineString',
        coordinates: feature.geometry.coordinates.map((part) => {
          const points = part.map(([x, y]) => ({ x, y }));
          const kept = simplify(points, toleranceDegrees, true).map(({ x, y }): LngLat => [
            round(x),
            round(y),
          ]);
          // Rounding can fold neighbours together: drop repeats, keep at least a segment.
          const distinct = kept.filter(
            (point, index) =>
              index === 0 || point[0] !== kept[index - 1]![0] || point[1] !== kept[index - 1]![1],
          );
          return distinct.length >= 2 ? distinct : [kept[0]!, kept[kept.length - 1]!];
        }),
      },
    })),
  };
}
