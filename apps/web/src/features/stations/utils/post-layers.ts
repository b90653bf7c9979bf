import type { LayerProps } from 'react-map-gl/maplibre';
import { MAP_COLORS } from '../../../lib/map/basemap-style';
import { MAP_TEXT_FONT } from '../../../lib/map/map-fonts';
import { clusterCountLayerWithId, stepByClusterSize } from './station-layers';

export const POSTS_SOURCE_ID = 'posts';
export const POST_CLUSTER_LAYER_ID = 'post-clusters';
export const POST_POINT_LAYER_ID = 'post-points';
export const POST_LABEL_MIN_ZOOM = 13;

/** Spots blue, events red-orange (distinct from the green stations); upcoming events ringed gold. */
export const POST_MARKER_COLORS = {
  spot: '#1565c0',
  // Dark enough for white text at WCAG AA (the filter chips use these colours too).
  event: '#bf360c',
  cluster: '#5e35b1',
  upcomingRing: '#ffb300',
} as const;

export const postClusterLayer: LayerProps = {
  id: POST_CLUSTER_LAYER_ID,
  type: 'circle',
  filter: ['has', 'point_count'],
  paint: {
    'circle-color': POST_MARKER_COLORS.cluster,
    // The same three size classes as station clusters (docs/product-rules.md#constants).
    'circle-radius': stepByClusterSize((style) => style.radius),
    // A cluster holding upcoming events gets the gold ring.
    'circle-stroke-width': ['case', ['>', ['get', 'upcoming'], 0], 4, 2],
    'circle-stroke-color': [
      'case',
      ['>', ['get', 'upcoming'], 0],
      POST_MARKER_COLORS.upcomingRing,
      '#ffffff',
    ],
    'circle-opacity': 0.92,
  },
};

export const postClusterCountLayer = clusterCountLayerWithId('post-cluster-count');

export const postPointLayer: LayerProps = {
  id: POST_POINT_LAYER_ID,
  type: 'circle',
  filter: ['!', ['has', 'point_count']],
  paint: {
    'circle-color': [
      'match',
      ['get', 'kind'],
      'event',
      POST_MARKER_COLORS.event,
      POST_MARKER_COLORS.spot,
    ],
    'circle-radius': [
      'interpolate',
      ['linear'],
      ['zoom'],
      8,
      ['case', ['==', ['get', 'upcoming'], 1], 7, 5],
      14,
      ['case', ['==', ['get', 'upcoming'], 1], 11, 9],
    ],
    'circle-stroke-width': ['case', ['==', ['get', 'upcoming'], 1], 4, 2],
    'circle-stroke-color': [
      'case',
      ['==', ['get', 'upcoming'], 1],
      POST_MARKER_COLORS.upcomingRing,
      '#ffffff',
    ],
  },
};

export const postLabelLayer: LayerProps = {
  id: 'post-labels',
  type: 'symbol',
  minzoom: POST_LABEL_MIN_ZOOM,
  filter: ['!', ['has', 'point_count']],
  layout: {
    // Cut to two lines at most (post-markers.ts postLabel), 7 characters a line.
    'text-field': ['get', 'label'],
    'text-font': MAP_TEXT_FONT,
    'text-size': 12,
    'text-offset': [0, 1.2],
    'text-anchor': 'top',
    'text-optional': true,
    'text-max-width': 8,
  },
  paint: {
    'text-color': MAP_COLORS.text,
    'text-halo-color': MAP_COLORS.halo,
    'text-halo-width': 1.5,
  },
};

/** Sums the upcoming events inside each cluster (read by the cluster layer's ring). */
export const POST_CLUSTER_PROPERTIES = {
  upcoming: ['+', ['get', 'upcoming']],
};
