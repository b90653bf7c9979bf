import { queryOptions, useQuery } from '@tanstack/react-query';
import { BASEMAP_PREFECTURES_URL } from '../../../lib/map/basemap-style';
import { prefectureOutlines, type PrefectureOutline } from '../utils/prefecture-paths';
import { stampKeys } from './query-keys';

/** The basemap's static prefecture file (not an API call), as SVG outlines for the map. */
export async function getPrefectureShapes(signal?: AbortSignal): Promise<PrefectureOutline[]> {
  const response = await fetch(BASEMAP_PREFECTURES_URL, { signal: signal ?? null });
  if (!response.ok) throw new Error(`prefectures.json: ${response.status}`);
  return prefectureOutlines(await response.json());
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
