import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /posts/{postId}. The envelope's data is not needed. */
export async function deletePost(postId: string) {
  await apiRequest(`/posts/${encodeURIComponent(postId)}`, {
    method: 'DELETE',
    schema: z.unknown(),
  });
}

export function useDeletePost() {
  return useMutation({ mutationFn: deletePost });
}
