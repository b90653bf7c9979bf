import { commentSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /posts/{postId}/comments/{commentId} */
export async function getComment(postId: string, commentId: string, signal?: AbortSignal) {
  const { data } = await apiRequest(`/posts/${postId}/comments/${commentId}`, {
    schema: commentSchema,
    signal,
  });
  return data;
}

export const commentQueryKey = (postId: string, commentId: string) =>
  ['posts', 'comment', postId, commentId] as const;

export function commentQueryOptions(postId: string, commentId: string) {
  return queryOptions({
    queryKey: commentQueryKey(postId, commentId),
    queryFn: ({ signal }) => getComment(postId, commentId, signal),
    staleTime: 30_000,
  });
}

export function useComment(postId: string, commentId: string) {
  return useQuery(commentQueryOptions(postId, commentId));
}
