import { railwayCollectionSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BasemapDetail } from '../../../lib/map/basemap-style';
import { mapKeys } from '../../../lib/map/map-keys';

const RAILWAY_PATHS: Record<BasemapDetail, string> = {
  overview: '/map/railways/overview',
  full: '/map/railways',
};

/**
 * GET /map/railways (or its simplified overview) — railway lines as GeoJSON (properties
 * camelCased by the client).
 */
export async function getRailways(detail: BasemapDetail, signal?: AbortSignal) {
  const { data } = await apiRequest(RAILWAY_PATHS[detail], {
    schema: railwayCollectionSchema,
    signal,
  });
  return data;
}

export function railwaysQueryOptions(detail: BasemapDetail) {
  return queryOptions({
    queryKey: mapKeys.railways(detail),
    queryFn: ({ signal }) => getRailways(detail, signal),
    staleTime: Infinity,
  });
}

export function useRailways(detail: BasemapDetail, enabled = true) {
  return useQuery({ ...railwaysQueryOptions(detail), enabled });
}
