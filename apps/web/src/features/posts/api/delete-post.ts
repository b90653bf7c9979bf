import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /posts/{postId} — the owner removes the post (with its photos and comments). */
export async function deletePost(postId: string) {
  await apiRequest(`/posts/${postId}`, { method: 'DELETE', schema: z.unknown() });
}

/**
 * Deletes the post. The page showing it leaves first and then drops the cached post (see
 * PostOwnerActions), so it never refetches a post that is gone.
 */
export function useDeletePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(postId),
    onSuccess: () => {
      // Lists that showed it (attached posts of a spot) are stale now.
      void queryClient.invalidateQueries({ queryKey: ['posts', 'list'] });
    },
  });
}
