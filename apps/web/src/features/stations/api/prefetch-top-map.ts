import { MAP_COUNTRY_VIEW_BELOW_ZOOM } from '@ekispot/shared';
import type { QueryClient } from '@tanstack/react-query';
import { isPostKind } from '../hooks/use-viewport-post-markers';
import { readMapKinds } from '../utils/map-kinds';
import { hasMapView, readMapView } from '../utils/map-view';
import { COUNTRY_MARKER_BOX } from '../utils/post-markers';
import { STATION_NAMES_MIN_ZOOM } from '../utils/station-layers';
import { mapMarkersQueryOptions } from './get-map-markers';
import { stationMarkerNamesQueryOptions, stationMarkersQueryOptions } from './get-station-markers';

/**
 * Starts the top map's first calls with the app code instead of after the map has loaded
 * (docs/basemap.md#first-visit): the station markers, and the spots and events of the first
 * view when that view is the country (no view in the address, or one zoomed out below
 * MAP_COUNTRY_VIEW_BELOW_ZOOM), whose call is known in advance. The map's own queries then
 * find the answers in the cache, or already on their way. A view zoomed in far enough to show
 * station names asks for the names too.
 */
export function prefetchTopMap(queryClient: QueryClient, search: string) {
  void queryClient.prefetchQuery(stationMarkersQueryOptions());
  const zoom = hasMapView(search) ? readMapView(search).zoom : null;
  if (zoom !== null && zoom >= STATION_NAMES_MIN_ZOOM)
    void queryClient.prefetchQuery(stationMarkerNamesQueryOptions());
  if (zoom !== null && zoom >= MAP_COUNTRY_VIEW_BELOW_ZOOM) return;
  const postKinds = readMapKinds(search).filter(isPostKind);
  if (postKinds.length > 0)
    void queryClient.prefetchQuery(mapMarkersQueryOptions(COUNTRY_MARKER_BOX, postKinds));
}
