import {
  fitMapImageView,
  MAP_IMAGE_ASPECT,
  MAP_IMAGE_BASE_WIDTH,
  MAP_IMAGE_PLACE_ZOOM,
  type MapImageWidth,
} from '@ekispot/shared';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import type { ImageStorage } from '../images/images.service.js';
import { listItems } from '../lists/lists.service.js';
import { getRailwayFeatures } from '../map/map.service.js';
import { getPost } from '../posts/posts.service.js';
import {
  findGroupPlace,
  findOpenGroupsInBox,
  getStationDataVersion,
} from '../stations/stations.service.js';
import {
  drawMapSvg,
  type LatLngPoint,
  type MapScene,
  type MapView,
  type Ring,
  viewBox,
} from './map-drawing.js';
import { cached, type OgImage } from './og-image.service.js';

/**
 * The pages' map images (docs/map.md#map-images): a station's or a post's place, or a list's
 * numbered places, drawn on the offline basemap at one of a few widths, as WebP. Kept in the
 * link-preview cards' bounded cache, keyed by everything drawn (the station data's version,
 * the place, the width), which is also the ETag.
 */

export interface MapImageDeps {
  db: Database;
  storage: ImageStorage;
}

/** Raised when the drawing changes. */
const DESIGN_VERSION = 1;
const NOT_FOUND = '地図が見つかりませんでした。';

let drawings = 0;
/** How many images this process has drawn (the cache's test reads it). */
export const mapImageDrawings = () => drawings;

/** The committed land of the offline basemap (apps/web/public/basemap), read once. */
const LAND_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/public/basemap/japan-land.json',
);
let land: Promise<Ring[][] | null> | null = null;
export function loadLand(): Promise<Ring[][] | null> {
  land ??= fs.readFile(LAND_FILE, 'utf8').then(
    (text) => {
      const collection = JSON.parse(text) as {
        features: { geometry: { type: string; coordinates: unknown } }[];
      };
      return collection.features.flatMap(({ geometry }) =>
        geometry.type === 'MultiPolygon'
          ? (geometry.coordinates as Ring[][])
          : [geometry.coordinates as Ring[]],
      );
    },
    // Without the file (an API deployed alone) everything is drawn as land.
    () => null,
  );
  return land;
}

async function draw(
  db: Database,
  key: unknown[],
  view: MapView,
  marks: MapScene['marks'],
): Promise<OgImage> {
  const version = await getStationDataVersion(db);
  return cached([DESIGN_VERSION, 'map', version, key, view], async () => {
    drawings += 1;
    const [railways, landPolygons, stations] = await Promise.all([
      getRailwayFeatures(db),
      loadLand(),
      findOpenGroupsInBox(db, viewBox(view), 10_000),
    ]);
    const svg = drawMapSvg({
      ...view,
      land: landPolygons,
      railways: railways.features.map((feature) => ({
        kind: feature.properties.kind,
        lines: feature.geometry.coordinates,
      })),
      stations,
      marks,
    });
    return sharp(Buffer.from(svg)).webp({ quality: 80, effort: 4 }).toBuffer();
  });
}

const heightOf = (width: MapImageWidth) => Math.round(width * MAP_IMAGE_ASPECT);

/** One place at the station page's zoom; a wider image shows the same area, sharper. */
function placeView(place: LatLngPoint, width: MapImageWidth): MapView {
  return {
    center: { lat: place.lat, lng: place.lng },
    zoom: MAP_IMAGE_PLACE_ZOOM + Math.log2(width / MAP_IMAGE_BASE_WIDTH),
    width,
    height: heightOf(width),
  };
}

export async function getStationMapImage(
  deps: MapImageDeps,
  stationGroupId: number,
  width: MapImageWidth,
): Promise<OgImage> {
  const place = await findGroupPlace(deps.db, stationGroupId);
  if (!place) throw notFound(NOT_FOUND);
  return draw(deps.db, ['station', place], placeView(place, width), { kind: 'pin', place });
}

/** 404 as the post's page: a hidden post only for its author. */
export async function getPostMapImage(
  deps: MapImageDeps,
  postId: string,
  viewerId: string | null,
  width: MapImageWidth,
): Promise<OgImage> {
  const post = await getPost(deps, postId, viewerId);
  if (post.lat === null || post.lng === null) throw notFound(NOT_FOUND);
  const place = { lat: post.lat, lng: post.lng };
  return draw(deps.db, ['post', place], placeView(place, width), { kind: 'pin', place });
}

/** The list's places in order, fitted; 404 as the list's page (a private list for its owner). */
export async function getListMapImage(
  deps: MapImageDeps,
  listId: string,
  viewerId: string | null,
  width: MapImageWidth,
): Promise<OgImage> {
  const { items } = await listItems(deps, listId, viewerId);
  const places = items.flatMap(({ lat, lng }) =>
    lat !== null && lng !== null ? [{ lat, lng }] : [],
  );
  const base = fitMapImageView(places);
  const view = {
    center: { lat: base.lat, lng: base.lng },
    zoom: base.zoom + Math.log2(width / MAP_IMAGE_BASE_WIDTH),
    width,
    height: heightOf(width),
  };
  return draw(deps.db, ['list', places], view, { kind: 'numbered', places });
}
