import { stationMarkerNamesSchema, stationMarkersSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { BROWSER_ONLY_META } from '../../../lib/query-client';
import { stationKeys } from './query-keys';

/** Station data changes only with an import: an hour before asking again (then by ETag). */
const STATION_DATA_STALE_MS = 60 * 60_000;

/** GET /stations/markers — every station group's position, column-wise. */
export async function getStationMarkers(signal?: AbortSignal) {
  const { data } = await apiRequest('/stations/markers', { schema: stationMarkersSchema, signal });
  return data;
}

export function stationMarkersQueryOptions() {
  return queryOptions({
    queryKey: stationKeys.markers(),
    queryFn: ({ signal }) => getStationMarkers(signal),
    staleTime: STATION_DATA_STALE_MS,
  });
}

/** `enabled`: false while the map waits for the visitor (Save-Data, lib/save-data-start.ts). */
export function useStationMarkers(enabled = true) {
  return useQuery({ ...stationMarkersQueryOptions(), enabled });
}

/** GET /stations/markers/names — the markers' names, asked for once the map is zoomed in. */
export async function getStationMarkerNames(signal?: AbortSignal) {
  const { data } = await apiRequest('/stations/markers/names', {
    schema: stationMarkerNamesSchema,
    signal,
  });
  return data;
}

export function stationMarkerNamesQueryOptions() {
  return queryOptions({
    queryKey: stationKeys.markerNames(),
    queryFn: ({ signal }) => getStationMarkerNames(signal),
    staleTime: STATION_DATA_STALE_MS,
    // Drawn on the map's canvas only: never in a server-drawn page's data.
    meta: BROWSER_ONLY_META,
  });
}

export function useStationMarkerNames(enabled: boolean) {
  return useQuery({ ...stationMarkerNamesQueryOptions(), enabled });
}
