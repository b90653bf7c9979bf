import { commentSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from './query-keys';

/** GET /posts/{postId}/comments/{commentId} */
export async function getComment(postId: string, commentId: string, signal?: AbortSignal) {
  const { data } = await apiRequest(`/posts/${postId}/comments/${commentId}`, {
    schema: commentSchema,
    signal,
  });
  return data;
}

export function commentQueryOptions(postId: string, commentId: string) {
  return queryOptions({
    queryKey: postKeys.comment(postId, commentId),
    queryFn: ({ signal }) => getComment(postId, commentId, signal),
    staleTime: 30_000,
  });
}

export function useComment(postId: string, commentId: string) {
  return useQuery(commentQueryOptions(postId, commentId));
}
