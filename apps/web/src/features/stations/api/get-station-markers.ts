import { stationMarkersSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stationKeys } from './query-keys';

/** GET /stations/markers — every station group, column-wise. */
export async function getStationMarkers(signal?: AbortSignal) {
  const { data } = await apiRequest('/stations/markers', { schema: stationMarkersSchema, signal });
  return data;
}

export function stationMarkersQueryOptions() {
  return queryOptions({
    queryKey: stationKeys.markers(),
    queryFn: ({ signal }) => getStationMarkers(signal),
    staleTime: 60 * 60_000,
  });
}

export function useStationMarkers() {
  return useQuery(stationMarkersQueryOptions());
}
