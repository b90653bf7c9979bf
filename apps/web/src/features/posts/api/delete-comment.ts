import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterWrite } from '../../../lib/write-invalidation';
import { shiftCommentCount, updateCachedComment } from './comment-cache';

/** DELETE /posts/{postId}/comments/{commentId} — by its author or the post's owner. */
export async function deleteComment(postId: string, commentId: string) {
  await apiRequest(`/posts/${postId}/comments/${commentId}`, {
    method: 'DELETE',
    schema: z.unknown(),
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(postId, commentId),
    onSuccess: (_data, commentId) => {
      // The comment's own page, if open, leaves before dropping its cached copy.
      updateCachedComment(queryClient, postId, commentId, null);
      shiftCommentCount(queryClient, postId, -1);
      void refreshAfterWrite(queryClient, { kind: 'comment-deleted', postId, commentId });
    },
  });
}
