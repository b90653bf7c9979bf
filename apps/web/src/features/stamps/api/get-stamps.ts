import { profileStampPageSchema } from '@ekispot/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stampKeys } from './query-keys';

export const STAMP_BOOK_PAGE_SIZE = 24;

/** GET /users/{userId}/stamps: the stamp book, newest first. */
export function useStampBook(userId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: stampKeys.book(userId),
      queryFn: async ({ pageParam, signal }) =>
        (
          await apiRequest(`/users/${userId}/stamps`, {
            schema: profileStampPageSchema,
            query: { cursor: pageParam, limit: STAMP_BOOK_PAGE_SIZE },
            signal,
          })
        ).data,
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      staleTime: 30_000,
    }),
  );
}
