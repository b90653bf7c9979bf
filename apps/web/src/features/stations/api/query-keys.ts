import type { PostKind } from '@ekispot/shared';
import type { QueryClient } from '@tanstack/react-query';
import { mapKeys } from '../../../lib/map/map-keys';

/**
 * Every query key of the stations feature (stations, their posts and markers, prefectures and
 * lines). Queries read with these and caches are updated and invalidated with these: no other
 * place spells a stations key. The map's layers are keyed by lib/map/map-keys.ts.
 */
export const stationKeys = {
  all: ['stations'] as const,
  detail: (stationGroupId: number) => [...stationKeys.all, 'detail', stationGroupId] as const,
  want: (stationGroupId: number) => [...stationKeys.all, 'want', stationGroupId] as const,
  nearby: (lat: number, lng: number) => [...stationKeys.all, 'nearby', lat, lng] as const,
  search: (q: string) => [...stationKeys.all, 'search', q] as const,
  markers: () => [...stationKeys.all, 'markers'] as const,
  markerNames: () => [...stationKeys.markers(), 'names'] as const,
  postLists: () => [...stationKeys.all, 'posts'] as const,
  posts: (stationGroupId: number, kind: PostKind | null) =>
    [...stationKeys.postLists(), stationGroupId, kind ?? 'all'] as const,
  prefectures: () => [...stationKeys.all, 'prefectures'] as const,
  lines: (prefecture: number | null) => [...stationKeys.all, 'lines', prefecture] as const,
  line: (lineId: number) => [...stationKeys.all, 'line', lineId] as const,
};

/**
 * A post was written or deleted: the station pages' post lists, the map's markers and the
 * pages of the stations it was at (their counts) are stale.
 */
export function invalidateStationPostViews(
  queryClient: QueryClient,
  stationGroupIds: Iterable<number>,
): void {
  void queryClient.invalidateQueries({ queryKey: stationKeys.postLists() });
  void queryClient.invalidateQueries({ queryKey: mapKeys.markers() });
  for (const stationGroupId of stationGroupIds)
    void queryClient.invalidateQueries({ queryKey: stationKeys.detail(stationGroupId) });
}
