import { z } from 'zod';
import { apiRequest } from './api-client';

/**
 * DELETE /posts/{postId}: the owner removes the post (with its photos and comments). The
 * envelope's data is not needed. Each feature's mutation hook decides which of its caches
 * go stale.
 */
export async function deletePost(postId: string): Promise<void> {
  await apiRequest(`/posts/${encodeURIComponent(postId)}`, {
    method: 'DELETE',
    schema: z.unknown(),
  });
}
