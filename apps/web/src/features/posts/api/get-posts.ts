import { postPageSchema } from '@ekispot/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from './query-keys';
import type { PostListFilter } from './query-keys';

export type { PostListFilter };

export const POST_LIST_PAGE_SIZE = 12;

/** GET /posts — newest first, one cursor page. */
export async function getPosts(
  filter: PostListFilter,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const { data } = await apiRequest('/posts', {
    schema: postPageSchema,
    query: { ...filter, cursor, limit: POST_LIST_PAGE_SIZE },
    signal,
  });
  return data;
}

export function postListQueryOptions(filter: PostListFilter) {
  return infiniteQueryOptions({
    queryKey: postKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getPosts(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 30_000,
  });
}

export function usePosts(filter: PostListFilter, enabled = true) {
  return useInfiniteQuery({ ...postListQueryOptions(filter), enabled });
}
