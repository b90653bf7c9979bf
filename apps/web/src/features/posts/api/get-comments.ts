import { commentPageSchema } from '@ekispot/shared';
import type { CamelCased, CommentPage } from '@ekispot/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from './query-keys';

export type CommentView = CamelCased<CommentPage['items'][number]>;
export type CommentPageView = CamelCased<CommentPage>;
export type CommentPages = InfiniteData<CommentPageView, string | null>;

export const COMMENT_PAGE_SIZE = 20;

/** GET /posts/{postId}/comments — oldest first, one cursor page. */
export async function getComments(postId: string, cursor: string | null, signal?: AbortSignal) {
  const { data } = await apiRequest(`/posts/${postId}/comments`, {
    schema: commentPageSchema,
    query: { cursor, limit: COMMENT_PAGE_SIZE },
    signal,
  });
  return data;
}

export function commentsQueryOptions(postId: string) {
  return infiniteQueryOptions({
    queryKey: postKeys.comments(postId),
    queryFn: ({ pageParam, signal }) => getComments(postId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 30_000,
  });
}

export function useComments(postId: string) {
  return useInfiniteQuery(commentsQueryOptions(postId));
}
