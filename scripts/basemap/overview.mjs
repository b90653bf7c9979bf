/** The prefectures' overview for views below zoom 6 (docs/basemap.md#first-visit). */
import { polygonsOf, processPolygons, toGeometry } from './geometry.mjs';

/**
 * The prefectures' overview (prefectures-overview.json), for the country and region views the top
 * map opens on (below zoom 6, where a pixel is 0.02° or more): each polygon simplified on its own
 * to 0.02° and rounded to 2 decimals. Neighbours' borders may part by up to about a pixel there,
 * which the dashed border lines do not show; the map switches to the full file from zoom 6.
 */
const PREF_OVERVIEW_DECIMALS = 2;
const PREF_OVERVIEW_TOLERANCE = 0.02;

/** The overview of built prefectures: the same features, simplified and rounded. */
export function buildPrefecturesOverview(prefectures) {
  return {
    type: 'FeatureCollection',
    features: prefectures.features.map((feature) => ({
      ...feature,
      geometry: toGeometry(
        processPolygons(polygonsOf(feature.geometry), {
          bbox: null,
          tolerance: PREF_OVERVIEW_TOLERANCE,
          decimals: PREF_OVERVIEW_DECIMALS,
        }),
      ),
    })),
  };
}
