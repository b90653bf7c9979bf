import {
  profileListPageSchema,
  profilePostPageSchema,
  profileStationPageSchema,
} from '@ekispot/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { peopleKeys } from './query-keys';

export const PROFILE_PAGE_SIZE = 12;

export type PostTab = 'posts' | 'liked' | 'want-to-participate-events' | 'want-to-visit-spots';

const pageQuery = (cursor: string | null) => ({ cursor, limit: PROFILE_PAGE_SIZE });
const firstPage = null as string | null;

/** GET /users/{userId}/{tab} for the tabs of posts (posts, liked, the two want tabs). */
export function usePostTab(userId: string, tab: PostTab) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: peopleKeys.tab(userId, tab),
      queryFn: async ({ pageParam, signal }) =>
        (
          await apiRequest(`/users/${userId}/${tab}`, {
            schema: profilePostPageSchema,
            query: pageQuery(pageParam),
            signal,
          })
        ).data,
      initialPageParam: firstPage,
      getNextPageParam: (page) => page.nextCursor,
      staleTime: 30_000,
    }),
  );
}

/** GET /users/{userId}/want-to-visit-stations. */
export function useStationTab(userId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: peopleKeys.tab(userId, 'want-to-visit-stations'),
      queryFn: async ({ pageParam, signal }) =>
        (
          await apiRequest(`/users/${userId}/want-to-visit-stations`, {
            schema: profileStationPageSchema,
            query: pageQuery(pageParam),
            signal,
          })
        ).data,
      initialPageParam: firstPage,
      getNextPageParam: (page) => page.nextCursor,
      staleTime: 30_000,
    }),
  );
}

/** GET /users/{userId}/lists. */
export function useListTab(userId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: peopleKeys.tab(userId, 'lists'),
      queryFn: async ({ pageParam, signal }) =>
        (
          await apiRequest(`/users/${userId}/lists`, {
            schema: profileListPageSchema,
            query: pageQuery(pageParam),
            signal,
          })
        ).data,
      initialPageParam: firstPage,
      getNextPageParam: (page) => page.nextCursor,
      staleTime: 30_000,
    }),
  );
}
