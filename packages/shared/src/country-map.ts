import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/**
 * The top page's first view drawn on the server (docs/map.md#the-first-view-as-an-image): the
 * whole country with its station clusters, shown under the loading pill exactly where the
 * interactive map, fitted to {@link JAPAN_FIT_BOUNDS}, draws the same view.
 */

/** Hokkaido to Okinawa ([west, south], [east, north]): what the first view fits on any screen. */
export const JAPAN_FIT_BOUNDS: [[number, number], [number, number]] = [
  [122.9, 24.0],
  [145.9, 45.6],
];
/** The padding, in CSS pixels on every side, the interactive map fits the bounds with. */
export const JAPAN_FIT_PADDING = 8;

/** A phone held upright, and any screen wider than tall (a desktop, a tablet on its side). */
export const COUNTRY_MAP_SHAPES = ['portrait', 'landscape'] as const;
export type CountryMapShape = (typeof COUNTRY_MAP_SHAPES)[number];

/** The media query that picks the landscape image (and its size on the page). */
export const COUNTRY_MAP_LANDSCAPE_MEDIA = '(orientation: landscape)';

export const countryMapParamsSchema = lazySchema(() =>
  z.object({
    shape: z.enum(COUNTRY_MAP_SHAPES, {
      error: `形（shape）は ${COUNTRY_MAP_SHAPES.join(', ')} のどちらかを指定してください。`,
    }),
  }),
);

/** Web Mercator at zoom 0 with MapLibre's 512-pixel tiles. */
function mercatorZero(lat: number, lng: number) {
  const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -0.9999), 0.9999);
  return {
    x: ((lng + 180) / 360) * 512,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 512,
  };
}

const [[WEST, SOUTH], [EAST, NORTH]] = JAPAN_FIT_BOUNDS;
const SW = mercatorZero(SOUTH, WEST);
const NE = mercatorZero(NORTH, EAST);
/** The bounds' size in pixels at zoom 0. */
const BOUNDS_ZERO = { width: NE.x - SW.x, height: SW.y - NE.y };
/** The bounds' middle in Mercator, where the fitted map is centred (MapLibre's fitBounds). */
const CENTRE = (() => {
  const x = (SW.x + NE.x) / 2 / 512;
  const y = (SW.y + NE.y) / 2 / 512;
  return {
    lng: x * 360 - 180,
    lat: (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI,
  };
})();

/**
 * The map box each image is drawn for at one CSS pixel to one image pixel (other boxes scale
 * it); how far beyond the bounds it reaches, in bounds widths and heights, so that it covers
 * a box up to 2.9 times as tall as wide (portrait) or 2.6 times as wide as tall (landscape);
 * and its image pixels per CSS pixel (a phone's screen is dense, a desktop's less so).
 */
const SHAPES: Record<
  CountryMapShape,
  { box: [number, number]; reach: [number, number]; density: number }
> = {
  portrait: { box: [390, 700], reach: [1.2, 2.6], density: 1.5 },
  landscape: { box: [1280, 640], reach: [3.1, 1.08], density: 1 },
};

export interface CountryMapLayout {
  center: { lat: number; lng: number };
  /** The zoom of the image at one image pixel to one CSS pixel. */
  zoom: number;
  /** The zoom whose clusters MapLibre draws for the reference box (it clusters at whole zooms). */
  clusterZoom: number;
  /** The image's size in CSS pixels for the reference box. */
  width: number;
  height: number;
  /** Image pixels per CSS pixel. */
  density: number;
  /** The fitted bounds' size in the image, in the same pixels. */
  boundsWidth: number;
  boundsHeight: number;
}

/** Where the country image of a shape is drawn and how the page sizes it. */
export function countryMapLayout(shape: CountryMapShape): CountryMapLayout {
  const { box, reach, density } = SHAPES[shape];
  const scale = Math.min(
    (box[0] - 2 * JAPAN_FIT_PADDING) / BOUNDS_ZERO.width,
    (box[1] - 2 * JAPAN_FIT_PADDING) / BOUNDS_ZERO.height,
  );
  const zoom = Math.log2(scale);
  const boundsWidth = BOUNDS_ZERO.width * scale;
  const boundsHeight = BOUNDS_ZERO.height * scale;
  return {
    center: CENTRE,
    zoom,
    clusterZoom: Math.floor(zoom),
    width: Math.round(boundsWidth * reach[0]),
    height: Math.round(boundsHeight * reach[1]),
    density,
    boundsWidth,
    boundsHeight,
  };
}

/** The image's address; `version` (the station data's) makes a new import a new address. */
export const countryMapPath = (shape: CountryMapShape, version?: string) =>
  `/api/v2/maps/country/${shape}.webp${version ? `?v=${encodeURIComponent(version)}` : ''}`;
