/**
 * Railway lines for the offline basemap (docs/basemap.md), drawn station to station from
 * japan-train-data. Pure functions: the caller loads the data once and caches the result.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export interface RailwayStationInput extends LatLng {
  name: string;
}

export interface RailwayLineInput {
  id: number;
  name: string;
  /** In line order, as listed by the source. */
  stations: readonly RailwayStationInput[];
}

/** GeoJSON position: longitude first. */
export type LngLat = [lng: number, lat: number];

export interface RailwayLineProperties {
  line_id: number;
  name: string;
}

export interface MultiLineStringGeometry {
  type: 'MultiLineString';
  coordinates: LngLat[][];
}

export interface RailwayFeature {
  type: 'Feature';
  id: number;
  properties: RailwayLineProperties;
  geometry: MultiLineStringGeometry;
}

export interface RailwayFeatureCollection {
  type: 'FeatureCollection';
  features: RailwayFeature[];
}

/**
 * Where to break a line and when to close it. Measured on japan-train-data 0.6.0 (588 lines):
 *
 * - A "far jump" (longer than FAR_JUMP_METRES and FAR_JUMP_MEDIAN_RATIO × the line's median hop)
 *   is a list that carries on with another branch far away: JR成田線 銚子→我孫子 (75 km, 17×),
 *   JR南武線 立川→八丁畷 (32 km, 26×). The ratio is 10 and not 4 because real long hops exist:
 *   the Seikan Tunnel on JR海峡線 (60 km, 4.8×) and JR石北本線 上川→白滝 (33 km, 8.3×) must
 *   stay drawn.
 * - A "rejoin" (longer than REJOIN_MIN_METRES and REJOIN_MEDIAN_RATIO × the median hop, landing
 *   within a third of the hop of a station already drawn) is a branch listed after the main line,
 *   which would otherwise be joined by a fake chord: 東京メトロ丸ノ内線 荻窪→中野新橋 (the 方南町
 *   branch), ポートライナー 神戸空港→南公園, JR小野田線 小野田→浜河内, JR予讃・内子線 新谷→高野川.
 * - Loops are listed open (JR山手線 runs 大崎 … 品川). A loop is closed when the closing hop is an
 *   ordinary hop: named loops (環状, JR山手線) when it is within NAMED_LOOP_MEDIAN_RATIO × the
 *   median hop (愛知環状鉄道線 is named 環状 but runs 岡崎–高蔵寺, 34 km apart, and stays open);
 *   other lines of at least LOOP_MIN_STATIONS unbroken stations when the ends are within
 *   LOOP_MAX_METRES and LOOP_MEDIAN_RATIO × the median hop. That closes 名古屋市営地下鉄名城線
 *   and 札幌市電 but not the hook-shaped tram and monorail routes whose ends are 1–3 km apart
 *   yet 3–8 median hops (長崎電軌, 岡山電軌, 千葉都市モノレール).
 */
export const RAILWAY_GEOMETRY_LIMITS = {
  FAR_JUMP_METRES: 25_000,
  FAR_JUMP_MEDIAN_RATIO: 10,
  REJOIN_MIN_METRES: 3_000,
  REJOIN_MEDIAN_RATIO: 4,
  REJOIN_NEAR_FRACTION: 1 / 3,
  NAMED_LOOP_MEDIAN_RATIO: 4,
  LOOP_MIN_STATIONS: 6,
  LOOP_MAX_METRES: 3_000,
  LOOP_MEDIAN_RATIO: 2.5,
} as const;

const COORDINATE_DECIMALS = 5; // ~1 m: station positions are no more precise than that
const EARTH_RADIUS_METRES = 6_371_008.8;

/** Great-circle distance in metres. */
export function haversineMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * One Feature per distinct line id (japan-train-data lists a line once per prefecture it crosses;
 * the first entry wins). Lines with nothing to draw (fewer than two distinct stations) are left out.
 */
export function buildRailwayFeatures(lines: readonly RailwayLineInput[]): RailwayFeatureCollection {
  const seen = new Set<number>();
  const features: RailwayFeature[] = [];
  for (const line of lines) {
    if (seen.has(line.id)) continue;
    seen.add(line.id);
    const coordinates = buildLineSegments(line);
    if (coordinates.length === 0) continue;
    features.push({
      type: 'Feature',
      id: line.id,
      properties: { line_id: line.id, name: line.name },
      geometry: { type: 'MultiLineString', coordinates },
    });
  }
  return { type: 'FeatureCollection', features };
}

function buildLineSegments(line: RailwayLineInput): LngLat[][] {
  const stations = line.stations.filter(isValidPosition);
  const first = stations[0];
  const last = stations[stations.length - 1];
  if (first === undefined || last === undefined) return [];

  const hops = hopLengths(stations);
  const medianHop = median(hops.filter((hop) => hop > 0));

  const segments: RailwayStationInput[][] = [];
  let current: RailwayStationInput[] = [];
  for (const [index, station] of stations.entries()) {
    const hop = hops[index - 1];
    if (hop !== undefined && isBreak(stations, index, hop, medianHop)) {
      segments.push(current);
      current = [];
    }
    current.push(station);
  }
  segments.push(current);

  const closingHop = haversineMetres(last, first);
  if (shouldClose(line.name, stations.length, segments.length, closingHop, medianHop)) {
    current.push(first);
  }
  return segments.map(toRoundedPath).filter((path) => path.length >= 2);
}

/** Is the hop from stations[index - 1] to stations[index] a jump to another branch? */
function isBreak(
  stations: readonly LatLng[],
  index: number,
  hop: number,
  medianHop: number,
): boolean {
  const L = RAILWAY_GEOMETRY_LIMITS;
  if (hop > L.FAR_JUMP_METRES && hop > L.FAR_JUMP_MEDIAN_RATIO * medianHop) return true;
  if (hop <= L.REJOIN_MIN_METRES || hop <= L.REJOIN_MEDIAN_RATIO * medianHop) return false;
  const station = stations[index];
  if (station === undefined) return false;
  // Does the list step back next to a station drawn before the hop's start?
  const drawnBefore = stations.slice(0, index - 1);
  return drawnBefore.some(
    (earlier) => haversineMetres(earlier, station) < hop * L.REJOIN_NEAR_FRACTION,
  );
}

function shouldClose(
  name: string,
  stationCount: number,
  segmentCount: number,
  closingHop: number,
  medianHop: number,
): boolean {
  const L = RAILWAY_GEOMETRY_LIMITS;
  if (stationCount < 3 || closingHop === 0) return false;
  if (name.includes('環状') || name === 'JR山手線') {
    return closingHop <= L.NAMED_LOOP_MEDIAN_RATIO * medianHop;
  }
  return (
    segmentCount === 1 &&
    stationCount >= L.LOOP_MIN_STATIONS &&
    closingHop <= L.LOOP_MAX_METRES &&
    closingHop <= L.LOOP_MEDIAN_RATIO * medianHop
  );
}

function toRoundedPath(stations: readonly RailwayStationInput[]): LngLat[] {
  const path: LngLat[] = [];
  for (const station of stations) {
    const position: LngLat = [round(station.lng), round(station.lat)];
    const previous = path[path.length - 1];
    if (previous?.[0] === position[0] && previous[1] === position[1]) continue;
    path.push(position);
  }
  return path;
}

function hopLengths(stations: readonly LatLng[]): number[] {
  const hops: number[] = [];
  let previous: LatLng | undefined;
  for (const station of stations) {
    if (previous !== undefined) hops.push(haversineMetres(previous, station));
    previous = station;
  }
  return hops;
}

function isValidPosition(station: RailwayStationInput): boolean {
  return (
    Number.isFinite(station.lat) &&
    Number.isFinite(station.lng) &&
    Math.abs(station.lat) <= 90 &&
    Math.abs(station.lng) <= 180
  );
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  if (sorted.length % 2 === 1) return sorted[mid] ?? 0;
  return ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function round(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  return Math.round(value * factor) / factor;
}
