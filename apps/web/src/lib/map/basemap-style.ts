import type { FeatureCollection, Geometry } from 'geojson';
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';

export const BASEMAP_LAND_URL = '/basemap/japan-land.json';
export const BASEMAP_PREFECTURES_URL = '/basemap/prefectures.json';
export const BASEMAP_PREFECTURES_OVERVIEW_URL = '/basemap/prefectures-overview.json';

/**
 * How much detail the basemap's lines need: below zoom 6 (a pixel is 0.02° or more) the railways
 * and prefecture borders come simplified, at a fraction of the bytes (docs/basemap.md#first-visit).
 */
export type BasemapDetail = 'overview' | 'full';
export const BASEMAP_FULL_DETAIL_MIN_ZOOM = 6;
/** The configured raster tiles' layer, when there are tiles. */
export const RASTER_LAYER_ID = 'basemap';

export const MAP_COLORS = {
  sea: '#a9d3e8',
  land: '#f3f1e8',
  prefectureBorder: '#9e9a8a',
  prefectureLabel: '#5b5747',
  /** Railways by operator type: subtle, so markers stay the loudest thing on the map. */
  railwayJr: '#3f7d4e',
  railwayPrivate: '#6b5a8e',
  railwaySubway: '#2f6f9f',
  /** Also the Shinkansen lines' colour in the station data, which inks their stamps. */
  railwayShinkansen: '#2b4a7a',
  railwayCasing: '#ffffff',
  station: '#1b5e20',
  stationStroke: '#ffffff',
  text: '#1f2a1f',
  halo: '#ffffff',
} as const;

export interface BasemapOptions {
  /** Raster tile URL template from the runtime config, drawn over the offline layers. */
  tileUrl: string | null;
  tileAttribution: string | null;
  /** Extra attribution always shown (Natural Earth, 駅データ.jp). */
  attribution: string;
}

type PropertyBag = Record<string, unknown> | null;

/** One point per prefecture for its name label, so a name is drawn once and not once per tile. */
export function prefectureLabelPoints(prefectures: FeatureCollection): FeatureCollection {
  const features: FeatureCollection['features'] = [];
  for (const feature of prefectures.features) {
    const properties: PropertyBag = feature.properties;
    const lng = properties?.label_lng;
    const lat = properties?.label_lat;
    if (typeof lng !== 'number' || typeof lat !== 'number') continue;
    features.push({
      type: 'Feature',
      properties: { name_ja: properties?.name_ja ?? '', code: properties?.code ?? null },
      geometry: { type: 'Point', coordinates: [lng, lat] },
    });
  }
  return { type: 'FeatureCollection', features };
}

export const EMPTY_COLLECTION: FeatureCollection<Geometry> = {
  type: 'FeatureCollection',
  features: [],
};

function offlineLayers(): LayerSpecification[] {
  return [{ id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': MAP_COLORS.land } }];
}

/**
 * The static part of the map style. The offline land (static GeoJSON, no `glyphs` URL: labels
 * come from the device's fonts) is always there; configured raster tiles are drawn over it, so
 * a tile that fails to load leaves the offline map visible. Prefecture borders and names,
 * railways and stations are added as sources by the map components (BaseMap's details).
 */
export function buildBasemapStyle(options: BasemapOptions): StyleSpecification {
  const sources: Record<string, SourceSpecification> = {
    land: { type: 'geojson', data: BASEMAP_LAND_URL, attribution: options.attribution },
  };
  const layers: LayerSpecification[] = [
    { id: 'sea', type: 'background', paint: { 'background-color': MAP_COLORS.sea } },
    ...offlineLayers(),
  ];

  if (options.tileUrl) {
    sources.basemap = {
      type: 'raster',
      tiles: [options.tileUrl],
      tileSize: 256,
      minzoom: 2,
      maxzoom: 18,
      ...(options.tileAttribution ? { attribution: options.tileAttribution } : {}),
    };
    layers.push({ id: RASTER_LAYER_ID, type: 'raster', source: 'basemap' });
  }

  return {
    version: 8,
    name: 'ekispot',
    sources,
    layers,
  };
}

const PREFECTURE_FILES: Record<BasemapDetail, string> = {
  overview: BASEMAP_PREFECTURES_OVERVIEW_URL,
  full: BASEMAP_PREFECTURES_URL,
};

function isFeatureCollection(value: unknown): value is FeatureCollection {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    value.type === 'FeatureCollection' &&
    'features' in value &&
    Array.isArray(value.features)
  );
}

/**
 * One of the basemap's static prefecture files (not an API call), in full or as the overview for
 * small scales (docs/basemap.md#offline-layer). The top map's borders and names and the stamp
 * book's completion map read them through here.
 */
export async function fetchPrefectureShapes(
  detail: BasemapDetail,
  signal?: AbortSignal,
): Promise<FeatureCollection> {
  const url = PREFECTURE_FILES[detail];
  const response = await fetch(url, { signal: signal ?? null });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const body: unknown = await response.json();
  if (!isFeatureCollection(body)) throw new Error(`${url}: not a FeatureCollection`);
  return body;
}
