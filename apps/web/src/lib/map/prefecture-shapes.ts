import type { FeatureCollection } from 'geojson';
import {
  BASEMAP_PREFECTURES_OVERVIEW_URL,
  BASEMAP_PREFECTURES_URL,
  type BasemapDetail,
} from './basemap-style';

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
