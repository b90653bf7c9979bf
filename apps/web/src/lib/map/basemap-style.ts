import type { FeatureCollection, Geometry } from 'geojson';
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import { MAP_FONT_FACES } from './map-fonts';

export const BASEMAP_LAND_URL = '/basemap/japan-land.json';
export const BASEMAP_PREFECTURES_URL = '/basemap/prefectures.json';

export const MAP_COLORS = {
  sea: '#a9d3e8',
  land: '#f3f1e8',
  prefectureBorder: '#9e9a8a',
  prefectureLabel: '#5b5747',
  railway: '#4a4a4a',
  railwayCasing: '#ffffff',
  station: '#1b5e20',
  stationStroke: '#ffffff',
  text: '#1f2a1f',
  halo: '#ffffff',
} as const;

export interface BasemapOptions {
  /** Raster tile URL template from the runtime config; replaces the offline land layers. */
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
  return [
    { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': MAP_COLORS.land } },
    {
      id: 'prefecture-borders',
      type: 'line',
      source: 'prefectures',
      paint: {
        'line-color': MAP_COLORS.prefectureBorder,
        'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.4, 10, 1.5],
        'line-dasharray': [3, 2],
      },
    },
  ];
}

/**
 * The static part of the map style. Offline by default (static GeoJSON, no
 * `glyphs` URL: labels come from the bundled font); raster tiles when configured.
 * Railways, prefecture names and stations are added as sources by the map components.
 */
export function buildBasemapStyle(options: BasemapOptions): StyleSpecification {
  const sources: Record<string, SourceSpecification> = {};
  const layers: LayerSpecification[] = [
    { id: 'sea', type: 'background', paint: { 'background-color': MAP_COLORS.sea } },
  ];

  if (options.tileUrl) {
    sources.basemap = {
      type: 'raster',
      tiles: [options.tileUrl],
      tileSize: 256,
      maxzoom: 18,
      attribution: [options.tileAttribution, options.attribution].filter(Boolean).join(' | '),
    };
    layers.push({ id: 'basemap', type: 'raster', source: 'basemap' });
  } else {
    sources.land = { type: 'geojson', data: BASEMAP_LAND_URL, attribution: options.attribution };
    sources.prefectures = { type: 'geojson', data: BASEMAP_PREFECTURES_URL };
    layers.push(...offlineLayers());
  }

  return {
    version: 8,
    name: 'ekispot',
    'font-faces': MAP_FONT_FACES,
    sources,
    layers,
  };
}
