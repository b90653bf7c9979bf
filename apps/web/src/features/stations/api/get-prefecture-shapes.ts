import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import {
  BASEMAP_PREFECTURES_OVERVIEW_URL,
  BASEMAP_PREFECTURES_URL,
} from '../../../lib/map/basemap-style';
import type { BasemapDetail } from '../../../lib/map/basemap-style';
import { stationKeys } from './query-keys';

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

const PREFECTURE_FILES: Record<BasemapDetail, string> = {
  overview: BASEMAP_PREFECTURES_OVERVIEW_URL,
  full: BASEMAP_PREFECTURES_URL,
};

/**
 * A static prefecture file (not an API call), in full or as the country view's overview: the
 * borders, and the label points derived from it. Fetched once on the page and handed to the
 * map, rather than fetched a second time by MapLibre's worker for the borders.
 */
export async function getPrefectureShapes(
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

export function prefectureShapesQueryOptions(detail: BasemapDetail) {
  return queryOptions({
    queryKey: stationKeys.prefectureShapes(detail),
    queryFn: ({ signal }) => getPrefectureShapes(detail, signal),
    staleTime: Infinity,
  });
}

export function usePrefectureShapes(detail: BasemapDetail, enabled: boolean) {
  return useQuery({ ...prefectureShapesQueryOptions(detail), enabled });
}
