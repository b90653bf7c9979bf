import type { ExpressionSpecification, FilterSpecification } from 'maplibre-gl';
import type { LayerProps } from 'react-map-gl/maplibre';
import { MAP_COLORS } from './basemap-style';
import { MAP_TEXT_FONT } from './map-fonts';

/** Shinkansen lines are drawn station to station; below this zoom their chords are short on screen. */
export const SHINKANSEN_MAX_ZOOM = 12;

/** Railways coloured by operator type (the `kind` property of GET /map/railways). */
const railwayColor: ExpressionSpecification = [
  'match',
  ['get', 'kind'],
  'jr',
  MAP_COLORS.railwayJr,
  'subway',
  MAP_COLORS.railwaySubway,
  'shinkansen',
  MAP_COLORS.railwayShinkansen,
  MAP_COLORS.railwayPrivate,
];

const notShinkansen: FilterSpecification = ['!=', ['get', 'kind'], 'shinkansen'];

/** Layers drawn over the basemap from data the map components load. */
export const railwayCasingLayer: LayerProps = {
  id: 'railways-casing',
  type: 'line',
  minzoom: 8,
  filter: notShinkansen,
  layout: { 'line-join': 'round', 'line-cap': 'round' },
  paint: {
    'line-color': MAP_COLORS.railwayCasing,
    'line-width': ['interpolate', ['linear'], ['zoom'], 8, 2, 14, 6, 17, 8],
  },
};

export const railwayLayer: LayerProps = {
  id: 'railways',
  type: 'line',
  filter: notShinkansen,
  layout: { 'line-join': 'round', 'line-cap': 'round' },
  paint: {
    'line-color': railwayColor,
    'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.5, 10, 1.5, 14, 3, 17, 4.5],
    'line-opacity': ['interpolate', ['linear'], ['zoom'], 4, 0.45, 9, 0.85],
  },
};

export const shinkansenLayer: LayerProps = {
  id: 'railways-shinkansen',
  type: 'line',
  maxzoom: SHINKANSEN_MAX_ZOOM,
  filter: ['==', ['get', 'kind'], 'shinkansen'],
  layout: { 'line-join': 'round', 'line-cap': 'round' },
  paint: {
    'line-color': MAP_COLORS.railwayShinkansen,
    'line-width': ['interpolate', ['linear'], ['zoom'], 4, 1, 10, 2.5],
    'line-opacity': 0.7,
  },
};

/** Line names along the track at street zoom, so the offline map can be read on its own. */
export const railwayLabelLayer: LayerProps = {
  id: 'railway-labels',
  type: 'symbol',
  minzoom: 13,
  filter: notShinkansen,
  layout: {
    'symbol-placement': 'line',
    'text-field': ['get', 'name'],
    'text-font': MAP_TEXT_FONT,
    'text-size': 11,
    'symbol-spacing': 400,
  },
  paint: {
    'text-color': railwayColor,
    'text-halo-color': MAP_COLORS.halo,
    'text-halo-width': 1.5,
  },
};

export const prefectureBorderLayer: LayerProps = {
  id: 'prefecture-borders',
  type: 'line',
  paint: {
    'line-color': MAP_COLORS.prefectureBorder,
    'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.4, 10, 1.5],
    'line-dasharray': [3, 2],
  },
};

export const prefectureLabelLayer: LayerProps = {
  id: 'prefecture-labels',
  type: 'symbol',
  maxzoom: 9,
  layout: {
    'text-field': ['get', 'name_ja'],
    'text-font': MAP_TEXT_FONT,
    'text-size': ['interpolate', ['linear'], ['zoom'], 4, 11, 8, 16],
  },
  paint: {
    'text-color': MAP_COLORS.prefectureLabel,
    'text-halo-color': MAP_COLORS.halo,
    'text-halo-width': 1.5,
  },
};
