import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** The map's markers of spots, events and stations (docs/posts.md#map-markers). Wire format: snake_case. */

export const MAP_MARKER_KINDS = ['station', 'spot', 'event'] as const;
export type MapMarkerKind = (typeof MAP_MARKER_KINDS)[number];

/** `GET /map/markers?bbox=west,south,east,north&zoom=&kinds=spot,event`. */
export const mapMarkersQuerySchema = lazySchema(() =>
  z.object({
    bbox: z
      .string({ error: '表示範囲（bbox）を指定してください。' })
      .transform((value, context) => {
        const numbers = value.split(',').map(Number);
        const [west, south, east, north] = numbers;
        if (
          numbers.length !== 4 ||
          numbers.some((n) => !Number.isFinite(n)) ||
          west! < -180 ||
          east! > 180 ||
          south! < -90 ||
          north! > 90 ||
          west! >= east! ||
          south! >= north!
        ) {
          context.addIssue({
            code: 'custom',
            message: '表示範囲は「西,南,東,北」の経緯度で指定してください。',
          });
          return z.NEVER;
        }
        return { west: west!, south: south!, east: east!, north: north! };
      }),
    zoom: z.coerce.number().min(0).max(24).default(10),
    kinds: z
      .string()
      .default('spot,event')
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(
        z.array(
          z.enum(MAP_MARKER_KINDS, { error: '種類は station, spot, event から選んでください。' }),
        ),
      ),
  }),
);

export const mapMarkerSchema = lazySchema(() =>
  z.object({
    /** A post's uuid, or a station group's id as text. */
    id: z.string(),
    kind: z.enum(MAP_MARKER_KINDS),
    lat: z.number(),
    lng: z.number(),
    title: z.string(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    /** Events that have not ended yet. */
    upcoming: z.boolean(),
  }),
);
export type MapMarker = z.infer<typeof mapMarkerSchema>;

export const mapMarkersSchema = lazySchema(() =>
  z.object({
    items: z.array(mapMarkerSchema),
    /** More markers lie in the box than were returned: zoom in to see them all. */
    truncated: z.boolean(),
  }),
);
export type MapMarkers = z.infer<typeof mapMarkersSchema>;

/**
 * Map images drawn on the server (docs/map.md#map-images): `GET /maps/{kind}/{id}.webp?w=`. A
 * few fixed widths keep the cache bounded; every width shows the same area at 3:2, sharper.
 */
export const MAP_IMAGE_WIDTHS = [320, 480, 640, 960, 1280] as const;
export type MapImageWidth = (typeof MAP_IMAGE_WIDTHS)[number];
export const MAP_IMAGE_BASE_WIDTH = 480;
export const MAP_IMAGE_ASPECT = 2 / 3;
/** The zoom of a station's or post's place at the base width (the interactive map's too). */
export const MAP_IMAGE_PLACE_ZOOM = 13;
export const MAP_IMAGE_KINDS = ['station', 'post', 'list'] as const;
export type MapImageKind = (typeof MAP_IMAGE_KINDS)[number];

export const mapImageQuerySchema = lazySchema(() =>
  z.object({
    w: z
      .enum(MAP_IMAGE_WIDTHS.map(String) as [string, ...string[]], {
        error: `幅（w）は ${MAP_IMAGE_WIDTHS.join(', ')} のどれかを指定してください。`,
      })
      .default(String(MAP_IMAGE_BASE_WIDTH))
      .transform((value) => Number(value) as MapImageWidth),
    /** What the page drew the image from (a list's places), so a changed item is a new address. */
    v: z.string().max(64, { error: 'v は64文字以内で指定してください。' }).optional(),
  }),
);

/** The image's address at one width; `version` changes with what it shows (see `v`). */
export const mapImagePath = (
  kind: MapImageKind,
  id: string | number,
  width: MapImageWidth,
  version?: string,
) =>
  `/api/v2/maps/${kind}/${id}.webp?w=${width}${version ? `&v=${encodeURIComponent(version)}` : ''}`;

/** A short text that changes with the places (FNV-1a), for `v`. */
export function mapImageVersion(places: readonly { lat: number; lng: number }[]): string {
  let hash = 0x811c9dc5;
  for (const char of places.map((p) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`).join(';')) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** Web Mercator at zoom 0 with MapLibre's 512-pixel tiles. */
function mercator(lat: number, lng: number) {
  const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -0.9999), 0.9999);
  return {
    x: ((lng + 180) / 360) * 512,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 512,
  };
}

/**
 * The view of a list's map image at the base width: every place inside with 40 px around, at
 * most the single place's zoom. The server draws it and the interactive map opens on it.
 */
export function fitMapImageView(places: readonly { lat: number; lng: number }[]): {
  lat: number;
  lng: number;
  zoom: number;
} {
  if (places.length === 0) return { lat: 36.2, lng: 138.3, zoom: 4 };
  const pad = 40;
  const width = MAP_IMAGE_BASE_WIDTH;
  const height = MAP_IMAGE_BASE_WIDTH * MAP_IMAGE_ASPECT;
  const points = places.map((p) => mercator(p.lat, p.lng));
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  const scale = Math.min(
    (width - 2 * pad) / Math.max(maxX - minX, 1e-9),
    (height - 2 * pad) / Math.max(maxY - minY, 1e-9),
  );
  const cx = (minX + maxX) / 2 / 512;
  const cy = (minY + maxY) / 2 / 512;
  return {
    lng: cx * 360 - 180,
    lat: (Math.atan(Math.sinh(Math.PI * (1 - 2 * cy))) * 180) / Math.PI,
    zoom: Math.min(MAP_IMAGE_PLACE_ZOOM, Math.log2(scale)),
  };
}
