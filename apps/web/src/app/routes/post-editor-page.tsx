import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { PostData } from '../../features/post-editor/api/post-data';
import { PostEditorKitProvider } from '../../features/post-editor/components/editor-kit';
import type { PostEditorKit } from '../../features/post-editor/components/editor-kit';
import type { PostWriteHandlers } from '../../features/post-editor/components/post-editor-form';
import type { PickedStation } from '../../features/post-editor/schemas/post-form-schema';
import { postQueryKey } from '../../features/posts/api/get-post';
import { useNearbyStations } from '../../features/stations/api/get-nearby-stations';
import { stationQueryOptions } from '../../features/stations/api/get-station';
import { useSearchStations } from '../../features/stations/api/search-stations';
import { StationSearchBox } from '../../features/stations/components/station-search-box';
import { formatResultLines } from '../../features/stations/utils/search-result';

/**
 * The post forms are composed here, where features may meet (STYLE.md: pages compose
 * features): the stations feature lends its map, search box and station search, and the
 * posts feature's caches are refreshed after a write.
 */
const stationsKit: PostEditorKit = {
  // MapLibre is large: photo posts, which have no map, never load it.
  MapView: lazy(() =>
    import('../../features/stations/components/base-map').then(({ BaseMap }) => ({
      default: BaseMap,
    })),
  ),
  StationSearchBox,
  useStationSearch(query) {
    const search = useSearchStations(query);
    return {
      // Closed stations (廃駅) keep their posts but take no new ones.
      stations: (search.data?.items ?? [])
        .filter((station) => !station.closed)
        .map((station) => ({
          id: station.id,
          name: station.name,
          prefectureName: station.prefecture.name,
          lineNames: formatResultLines(station.lines, station.lineCount),
        })),
      loading: search.isFetching,
    };
  },
  useNearestStation(point) {
    const nearest = useNearbyStations(point).data?.[0];
    return nearest ? { name: nearest.name, distanceM: nearest.distanceM } : null;
  },
};

/**
 * The station a new post is of or starts at, as the post form picks it. The station page's
 * own query: coming from that page, the form opens without waiting.
 */
export function usePostStation(stationGroupId: number | null) {
  return useQuery({
    ...stationQueryOptions(stationGroupId ?? 0),
    enabled: stationGroupId !== null,
    select: (station): PickedStation => ({
      id: station.id,
      name: station.name,
      prefectureName: station.prefecture.name,
    }),
  });
}

/**
 * What shows a post or counts it: post lists, the posts it belongs to, station pages and
 * their post lists, and the map's markers (prefixes of those features' query keys).
 */
function invalidateAround(queryClient: QueryClient, posts: readonly (PostData | null)[]): void {
  void queryClient.invalidateQueries({ queryKey: ['posts', 'list'] });
  void queryClient.invalidateQueries({ queryKey: ['stations', 'posts'] });
  void queryClient.invalidateQueries({ queryKey: ['map', 'markers'] });
  const parents = new Set(posts.map((post) => post?.parentPostId ?? null));
  const stations = new Set(posts.map((post) => post?.stationGroupId ?? null));
  for (const parentId of parents) {
    if (parentId) void queryClient.invalidateQueries({ queryKey: postQueryKey(parentId) });
  }
  for (const stationGroupId of stations) {
    if (stationGroupId !== null)
      void queryClient.invalidateQueries({
        queryKey: stationQueryOptions(stationGroupId).queryKey,
      });
  }
}

/**
 * After a save the post's page shows the returned post at once. A deleted post is only
 * marked stale: its form is still on screen while the app leaves it.
 */
export function usePostWriteHandlers(): Required<PostWriteHandlers> {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      onSaved: (saved, before) => {
        queryClient.setQueryData(postQueryKey(saved.id), saved);
        invalidateAround(queryClient, [saved, before]);
      },
      onDeleted: (post) => {
        void queryClient.invalidateQueries({
          queryKey: postQueryKey(post.id),
          exact: true,
          refetchType: 'none',
        });
        invalidateAround(queryClient, [post]);
      },
    }),
    [queryClient],
  );
}

export function PostEditorPage({ children }: { children: ReactNode }) {
  return <PostEditorKitProvider kit={stationsKit}>{children}</PostEditorKitProvider>;
}
