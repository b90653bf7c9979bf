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
  }),
);

/** The image's address at one width. */
export const mapImagePath = (kind: MapImageKind, id: string | number, width: MapImageWidth) =>
  `/api/v2/maps/${kind}/${id}.webp?w=${width}`;
