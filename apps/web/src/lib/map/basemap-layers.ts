import type { LayerProps } from 'react-map-gl/maplibre';
import { MAP_COLORS } from './basemap-style';
import { MAP_FONT } from './map-fonts';

/** Layers drawn over the basemap from data the map components load. */
export const railwayCasingLayer: LayerProps = {
  id: 'railways-casing',
  type: 'line',
  minzoom: 8,
  layout: { 'line-join': 'round', 'line-cap': 'round' },
  paint: {
    'line-color': MAP_COLORS.railwayCasing,
    'line-width': ['interpolate', ['linear'], ['zoom'], 8, 2, 14, 6],
  },
};

export const railwayLayer: LayerProps = {
  id: 'railways',
  type: 'line',
  layout: { 'line-join': 'round', 'line-cap': 'round' },
  paint: {
    'line-color': MAP_COLORS.railway,
    'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.5, 10, 1.5, 14, 3],
    'line-opacity': ['interpolate', ['linear'], ['zoom'], 4, 0.45, 9, 0.9],
  },
};

export const prefectureLabelLayer: LayerProps = {
  id: 'prefecture-labels',
  type: 'symbol',
  maxzoom: 9,
  layout: {
    'text-field': ['get', 'name_ja'],
    'text-font': [MAP_FONT],
    'text-size': ['interpolate', ['linear'], ['zoom'], 4, 11, 8, 16],
  },
  paint: {
    'text-color': MAP_COLORS.prefectureLabel,
    'text-halo-color': MAP_COLORS.halo,
    'text-halo-width': 1.5,
  },
};
