import { lineListSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stationKeys } from './query-keys';

/** GET /lines?prefecture= */
export async function getLines(prefecture: number | null, signal?: AbortSignal) {
  const { data } = await apiRequest('/lines', {
    schema: lineListSchema,
    query: { prefecture },
    signal,
  });
  return data.items;
}

export function linesQueryOptions(prefecture: number | null) {
  return queryOptions({
    queryKey: stationKeys.lines(prefecture),
    queryFn: ({ signal }) => getLines(prefecture, signal),
    staleTime: Infinity,
  });
}

export function useLines(prefecture: number | null) {
  return useQuery(linesQueryOptions(prefecture));
}
