import { postSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /posts/{postId}: the post as the signed-in user sees it (liked, wanted). */
export async function getPost(postId: string, signal?: AbortSignal) {
  const { data } = await apiRequest(`/posts/${postId}`, { schema: postSchema, signal });
  return data;
}

export type PostView = Awaited<ReturnType<typeof getPost>>;

export const postQueryKey = (postId: string) => ['posts', 'detail', postId] as const;

export function postQueryOptions(postId: string) {
  return queryOptions({
    queryKey: postQueryKey(postId),
    queryFn: ({ signal }) => getPost(postId, signal),
    staleTime: 30_000,
  });
}

export function usePost(postId: string | null) {
  return useQuery({ ...postQueryOptions(postId ?? ''), enabled: postId !== null });
}
