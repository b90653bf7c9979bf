import { postSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from './query-keys';

/** GET /posts/{postId}: the post as the signed-in user sees it (liked, wanted). */
export async function getPost(postId: string, signal?: AbortSignal) {
  const { data } = await apiRequest(`/posts/${postId}`, { schema: postSchema, signal });
  return data;
}

export type PostView = Awaited<ReturnType<typeof getPost>>;

/** The post's key (postKeys.detail), by the name its readers know. */
export const postQueryKey = postKeys.detail;

export function postQueryOptions(postId: string) {
  return queryOptions({
    queryKey: postKeys.detail(postId),
    queryFn: ({ signal }) => getPost(postId, signal),
    staleTime: 30_000,
  });
}

export function usePost(postId: string | null) {
  return useQuery({ ...postQueryOptions(postId ?? ''), enabled: postId !== null });
}
