import { queryOptions } from '@tanstack/react-query';
import { fetchPrefectureShapes } from './basemap-style';
import type { BasemapDetail } from './basemap-style';
import { mapKeys } from './map-keys';

/**
 * One of the basemap's prefecture files, read once per page: the top map draws its borders and
 * names from it and the stamp book its completion map (the overview), from the same cache entry.
 */
export function prefectureShapesQueryOptions(detail: BasemapDetail) {
  return queryOptions({
    queryKey: mapKeys.prefectureShapes(detail),
    queryFn: ({ signal }) => fetchPrefectureShapes(detail, signal),
    staleTime: Infinity,
  });
}
