import { MAP_CLUSTER_SIZE_STEPS, MAP_CLUSTER_STYLE } from '@ekispot/shared';
import type { ExpressionSpecification } from 'maplibre-gl';
import type { LayerProps } from 'react-map-gl/maplibre';
import { MAP_COLORS } from '../../../lib/map/basemap-style';
import { MAP_TEXT_FONT } from '../../../lib/map/map-fonts';

export const STATIONS_SOURCE_ID = 'stations';
export const CLUSTER_LAYER_ID = 'station-clusters';
export const STATION_POINT_LAYER_ID = 'station-points';
/** Station names appear from this zoom on. */
export const STATION_LABEL_MIN_ZOOM = 12;
/**
 * The markers' names are asked for from this zoom on, ahead of the labels: the country view the
 * map opens on never shows a name, so a first visit does not download 8,800 of them.
 */
export const STATION_NAMES_MIN_ZOOM = STATION_LABEL_MIN_ZOOM - 2;

export type ClusterSizeClass = 'small' | 'medium' | 'large';

const [SMALL_BELOW, MEDIUM_BELOW] = MAP_CLUSTER_SIZE_STEPS;

/** Three classes, below 10, below 100, 100 or more (docs/product-rules.md#constants). */
export function clusterSizeClass(count: number): ClusterSizeClass {
  if (count < SMALL_BELOW) return 'small';
  if (count < MEDIUM_BELOW) return 'medium';
  return 'large';
}

export const CLUSTER_STYLE: Record<
  ClusterSizeClass,
  { radius: number; color: string; textSize: number }
> = MAP_CLUSTER_STYLE;

/** A MapLibre `step` expression over point_count matching {@link clusterSizeClass}. */
export function stepByClusterSize(
  pick: (style: (typeof CLUSTER_STYLE)[ClusterSizeClass]) => number | string,
): ExpressionSpecification {
  return [
    'step',
    ['get', 'point_count'],
    pick(CLUSTER_STYLE.small),
    SMALL_BELOW,
    pick(CLUSTER_STYLE.medium),
    MEDIUM_BELOW,
    pick(CLUSTER_STYLE.large),
  ];
}

export const clusterLayer: LayerProps = {
  id: CLUSTER_LAYER_ID,
  type: 'circle',
  filter: ['has', 'point_count'],
  paint: {
    'circle-color': stepByClusterSize((style) => style.color),
    'circle-radius': stepByClusterSize((style) => style.radius),
    'circle-stroke-width': 2,
    'circle-stroke-color': '#ffffff',
    'circle-opacity': 0.92,
  },
};

/** The count drawn on a cluster, sized by the same three classes as the cluster itself. */
export function clusterCountLayerWithId(id: string): LayerProps {
  return {
    id,
    type: 'symbol',
    filter: ['has', 'point_count'],
    layout: {
      // Japanese style: 「5,100」, never 「5.1k」.
      'text-field': ['number-format', ['get', 'point_count'], { locale: 'ja-JP' }],
      'text-font': MAP_TEXT_FONT,
      'text-size': stepByClusterSize((style) => style.textSize),
      'text-allow-overlap': true,
    },
    paint: { 'text-color': '#ffffff' },
  };
}

export const clusterCountLayer = clusterCountLayerWithId('station-cluster-count');

export const stationPointLayer: LayerProps = {
  id: STATION_POINT_LAYER_ID,
  type: 'circle',
  filter: ['!', ['has', 'point_count']],
  paint: {
    'circle-color': MAP_COLORS.station,
    'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, 5, 14, 8],
    'circle-stroke-width': 2,
    'circle-stroke-color': MAP_COLORS.stationStroke,
  },
};

export const stationLabelLayer: LayerProps = {
  id: 'station-labels',
  type: 'symbol',
  minzoom: STATION_LABEL_MIN_ZOOM,
  filter: ['!', ['has', 'point_count']],
  layout: {
    'text-field': ['get', 'name'],
    'text-font': MAP_TEXT_FONT,
    'text-size': 13,
    'text-offset': [0, 1.1],
    'text-anchor': 'top',
    'text-optional': true,
  },
  paint: {
    'text-color': MAP_COLORS.text,
    'text-halo-color': MAP_COLORS.halo,
    'text-halo-width': 1.5,
  },
};
