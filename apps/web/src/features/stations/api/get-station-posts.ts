import { postPageSchema } from '@ekispot/shared';
import type { PostKind } from '@ekispot/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stationKeys } from './query-keys';

export const STATION_POSTS_PAGE_SIZE = 12;

/** GET /stations/{stationGroupId}/posts — newest first, optionally one kind, one cursor page. */
export async function getStationPosts(
  stationGroupId: number,
  kind: PostKind | null,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const { data } = await apiRequest(`/stations/${stationGroupId}/posts`, {
    schema: postPageSchema,
    query: { kind, cursor, limit: STATION_POSTS_PAGE_SIZE },
    signal,
  });
  return data;
}

export function stationPostsQueryOptions(stationGroupId: number, kind: PostKind | null) {
  return infiniteQueryOptions({
    queryKey: stationKeys.posts(stationGroupId, kind),
    queryFn: ({ pageParam, signal }) => getStationPosts(stationGroupId, kind, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Posts come and go (written or deleted on other pages): check again on every visit.
    staleTime: 0,
  });
}

export function useStationPosts(stationGroupId: number, kind: PostKind | null) {
  return useInfiniteQuery(stationPostsQueryOptions(stationGroupId, kind));
}
