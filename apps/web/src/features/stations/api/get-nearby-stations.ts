import { nearbyStationListSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stationKeys } from './query-keys';

export const NEARBY_LIMIT = 8;

/** GET /stations/nearby?lat=&lng=&limit= */
export async function getNearbyStations(lat: number, lng: number, signal?: AbortSignal) {
  const { data } = await apiRequest('/stations/nearby', {
    schema: nearbyStationListSchema,
    query: { lat, lng, limit: NEARBY_LIMIT + 1 },
    signal,
  });
  return data.items;
}

export function nearbyStationsQueryOptions(lat: number, lng: number) {
  return queryOptions({
    queryKey: stationKeys.nearby(lat, lng),
    queryFn: ({ signal }) => getNearbyStations(lat, lng, signal),
    staleTime: 10 * 60_000,
  });
}

export function useNearbyStations(position: { lat: number; lng: number } | null) {
  return useQuery({
    ...nearbyStationsQueryOptions(position?.lat ?? 0, position?.lng ?? 0),
    enabled: position !== null,
  });
}
