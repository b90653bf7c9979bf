import { stationDetailSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stationKeys } from './query-keys';

/** GET /stations/{stationGroupId} */
export async function getStation(stationGroupId: number, signal?: AbortSignal) {
  const { data } = await apiRequest(`/stations/${stationGroupId}`, {
    schema: stationDetailSchema,
    signal,
  });
  return data;
}

export function stationQueryOptions(stationGroupId: number) {
  return queryOptions({
    queryKey: stationKeys.detail(stationGroupId),
    queryFn: ({ signal }) => getStation(stationGroupId, signal),
    staleTime: 10 * 60_000,
  });
}

export function useStation(stationGroupId: number | null) {
  return useQuery({
    ...stationQueryOptions(stationGroupId ?? 0),
    enabled: stationGroupId !== null,
  });
}
