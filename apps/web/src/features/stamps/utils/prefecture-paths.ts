/**
 * Prefecture outlines for the completion map, drawn from the basemap's prefecture file
 * (docs/basemap.md) in a plain equirectangular projection squeezed by cos(36°), which keeps
 * Japan's shape recognisable at the sizes the stamp book uses. Okinawa is moved into a box in the
 * top-left corner, as Japanese maps usually do, so the main islands can fill the frame.
 */
export interface PrefectureOutline {
  code: number;
  name: string;
  d: string;
}

export const MAP_WIDTH = 400;
export const MAP_HEIGHT = 420;

const X_SCALE = Math.cos((36 * Math.PI) / 180);
const WEST = 127.5;
const EAST = 146;
const NORTH = 45.6;
const SOUTH = 30.8;
const OKINAWA = 47;
/** Where Okinawa's islands go: shifted north-east into the empty sea by the Korean peninsula. */
const OKINAWA_SHIFT = { lng: 5.2, lat: 13.5 };

const scale = Math.min(MAP_WIDTH / ((EAST - WEST) * X_SCALE), MAP_HEIGHT / (NORTH - SOUTH));

function project(lng: number, lat: number): [number, number] {
  return [(lng - WEST) * X_SCALE * scale, (NORTH - lat) * scale];
}

type Ring = [number, number][];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function polygonsOf(geometry: unknown): Ring[][] {
  if (!isRecord(geometry) || !Array.isArray(geometry.coordinates)) return [];
  if (geometry.type === 'Polygon') return [geometry.coordinates as Ring[]];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates as Ring[][];
  return [];
}

function ringPath(ring: Ring, shift: { lng: number; lat: number } | null): string {
  const points = ring.map(([lng, lat]) =>
    project(lng + (shift?.lng ?? 0), lat + (shift?.lat ?? 0)),
  );
  return `M${points.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join('L')}Z`;
}

/** One SVG path per prefecture (JIS order); anything that is not the expected file gives []. */
export function prefectureOutlines(collection: unknown): PrefectureOutline[] {
  if (!isRecord(collection) || !Array.isArray(collection.features)) return [];
  return collection.features.flatMap((feature: unknown) => {
    if (!isRecord(feature) || !isRecord(feature.properties)) return [];
    const code = Number(feature.properties.code);
    const name = String(feature.properties.name_ja ?? '');
    const shift = code === OKINAWA ? OKINAWA_SHIFT : null;
    const d = polygonsOf(feature.geometry)
      .map((polygon) => polygon.map((ring) => ringPath(ring, shift)).join(''))
      .join('');
    return [{ code, name, d }];
  });
}

/** The box drawn around the moved Okinawa. */
export function okinawaInset() {
  const [x1, y1] = project(122.8 + OKINAWA_SHIFT.lng, 28 + OKINAWA_SHIFT.lat);
  const [x2, y2] = project(131.5 + OKINAWA_SHIFT.lng, 23.9 + OKINAWA_SHIFT.lat);
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}
