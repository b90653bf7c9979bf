import { listPageSchema } from '@ekispot/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { listKeys } from './query-keys';

export const LIST_TIMELINE_PAGE_SIZE = 12;

/** GET /timeline/lists?scope=all|follow: public lists, most recently updated first. */
export function useListTimeline(scope: 'all' | 'follow') {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: listKeys.timeline(scope),
      queryFn: async ({ pageParam, signal }) =>
        (
          await apiRequest('/timeline/lists', {
            schema: listPageSchema,
            query: { scope, cursor: pageParam, limit: LIST_TIMELINE_PAGE_SIZE },
            signal,
          })
        ).data,
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      staleTime: 30_000,
    }),
  );
}
