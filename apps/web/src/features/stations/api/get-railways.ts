import { railwayCollectionSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stationKeys } from './query-keys';

/** GET /map/railways — railway lines as GeoJSON (properties camelCased by the client). */
export async function getRailways(signal?: AbortSignal) {
  const { data } = await apiRequest('/map/railways', { schema: railwayCollectionSchema, signal });
  return data;
}

export function railwaysQueryOptions() {
  return queryOptions({
    queryKey: stationKeys.railways(),
    queryFn: ({ signal }) => getRailways(signal),
    staleTime: Infinity,
  });
}

export function useRailways(enabled = true) {
  return useQuery({ ...railwaysQueryOptions(), enabled });
}
