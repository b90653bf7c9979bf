import { mapMarkersSchema } from '@ekispot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mapKeys } from '../../../lib/map/map-keys';
import { bboxParam } from '../utils/post-markers';
import type { PostMarkerKind, Viewport } from '../utils/post-markers';

/** GET /map/markers?bbox=&zoom=&kinds= — spots and events inside the box. */
export async function getMapMarkers(
  box: Viewport,
  kinds: readonly PostMarkerKind[],
  signal?: AbortSignal,
) {
  const { data } = await apiRequest('/map/markers', {
    schema: mapMarkersSchema,
    query: { bbox: bboxParam(box), zoom: box.zoom, kinds: kinds.join(',') },
    signal,
  });
  return data;
}

export function mapMarkersQueryOptions(box: Viewport, kinds: readonly PostMarkerKind[]) {
  return queryOptions({
    queryKey: mapKeys.markersIn(bboxParam(box), box.zoom, kinds.join(',')),
    // The signal aborts the call when the view moves on before it answers.
    queryFn: ({ signal }) => getMapMarkers(box, kinds, signal),
    staleTime: 30_000,
  });
}

/**
 * The markers for the box; while a new box loads, the previous markers stay on the map.
 * Nothing is fetched before the map knows its box, or when no post kind is shown.
 */
export function useMapMarkers(box: Viewport | null, kinds: readonly PostMarkerKind[]) {
  const enabled = box !== null && kinds.length > 0;
  return useQuery({
    ...mapMarkersQueryOptions(box ?? { west: 0, south: 0, east: 0, north: 0, zoom: 0 }, kinds),
    enabled,
    placeholderData: keepPreviousData,
  });
}
