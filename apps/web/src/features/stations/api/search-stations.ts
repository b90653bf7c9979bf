import { stationSearchResponseSchema } from '@ekispot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stationKeys } from './query-keys';

/** GET /stations/search?q= — station groups (by name, reading or romaji) and matching lines. */
export async function searchStations(q: string, signal?: AbortSignal) {
  const { data } = await apiRequest('/stations/search', {
    schema: stationSearchResponseSchema,
    query: { q, limit: 10 },
    signal,
  });
  return data;
}

export function searchStationsQueryOptions(q: string) {
  return queryOptions({
    queryKey: stationKeys.search(q),
    queryFn: ({ signal }) => searchStations(q, signal),
    staleTime: 10 * 60_000,
  });
}

export function useSearchStations(q: string) {
  const trimmed = q.trim();
  return useQuery({
    ...searchStationsQueryOptions(trimmed),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
  });
}
