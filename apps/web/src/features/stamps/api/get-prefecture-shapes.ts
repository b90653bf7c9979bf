import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPrefectureShapes } from '../../../lib/map/basemap-style';
import { prefectureOutlines, type PrefectureOutline } from '../utils/prefecture-paths';
import { stampKeys } from './query-keys';

/**
 * The prefectures as SVG outlines for the completion map. The map is at most 480 px wide, about
 * 30 px a degree, so the overview file (simplified to 0.02°) draws it as finely as the full one.
 */
export async function getPrefectureShapes(signal?: AbortSignal): Promise<PrefectureOutline[]> {
  return prefectureOutlines(await fetchPrefectureShapes('overview', signal));
}

export function usePrefectureShapes() {
  return useQuery(
    queryOptions({
      queryKey: stampKeys.prefectureShapes(),
      queryFn: ({ signal }) => getPrefectureShapes(signal),
      staleTime: Infinity,
    }),
  );
}
