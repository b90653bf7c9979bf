import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import { BASEMAP_PREFECTURES_URL } from '../../../lib/map/basemap-style';
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

/**
 * The static prefecture file (not an API call): the borders, and the label points derived from
 * it. Fetched once on the page and handed to the map, rather than fetched a second time by
 * MapLibre's worker for the borders.
 */
export async function getPrefectureShapes(signal?: AbortSignal): Promise<FeatureCollection> {
  const response = await fetch(BASEMAP_PREFECTURES_URL, { signal: signal ?? null });
  if (!response.ok) throw new Error(`prefectures.json: ${response.status}`);
  const body: unknown = await response.json();
  if (!isFeatureCollection(body)) throw new Error('prefectures.json: not a FeatureCollection');
  return body;
}

export function prefectureShapesQueryOptions() {
  return queryOptions({
    queryKey: stationKeys.prefectureShapes(),
    queryFn: ({ signal }) => getPrefectureShapes(signal),
    staleTime: Infinity,
  });
}

export function usePrefectureShapes(enabled: boolean) {
  return useQuery({ ...prefectureShapesQueryOptions(), enabled });
}
