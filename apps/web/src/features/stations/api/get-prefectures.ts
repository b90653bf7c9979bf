import { prefectureListSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stationKeys } from './query-keys';

/** GET /prefectures */
export async function getPrefectures(signal?: AbortSignal) {
  const { data } = await apiRequest('/prefectures', { schema: prefectureListSchema, signal });
  return data.items;
}

export function prefecturesQueryOptions() {
  return queryOptions({
    queryKey: stationKeys.prefectures(),
    queryFn: ({ signal }) => getPrefectures(signal),
    staleTime: Infinity,
  });
}

export function usePrefectures() {
  return useQuery(prefecturesQueryOptions());
}
