import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import { BASEMAP_PREFECTURES_URL, prefectureLabelPoints } from '../../../lib/map/basemap-style';
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

/** The static prefecture file (not an API call), reduced to one label point per prefecture. */
export async function getPrefectureLabels(signal?: AbortSignal): Promise<FeatureCollection> {
  const response = await fetch(BASEMAP_PREFECTURES_URL, { signal: signal ?? null });
  if (!response.ok) throw new Error(`prefectures.json: ${response.status}`);
  const body: unknown = await response.json();
  if (!isFeatureCollection(body)) throw new Error('prefectures.json: not a FeatureCollection');
  return prefectureLabelPoints(body);
}

export function prefectureLabelsQueryOptions() {
  return queryOptions({
    queryKey: stationKeys.prefectureLabels(),
    queryFn: ({ signal }) => getPrefectureLabels(signal),
    staleTime: Infinity,
  });
}

export function usePrefectureLabels(enabled: boolean) {
  return useQuery({ ...prefectureLabelsQueryOptions(), enabled });
}
