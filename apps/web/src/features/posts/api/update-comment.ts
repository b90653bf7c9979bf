import type { commentBodySchema } from '@ekispot/shared';
import { commentSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import { refreshAfterWrite } from '../../../lib/write-invalidation';
import { updateCachedComment } from './comment-cache';
import { postKeys } from './query-keys';

/** PATCH /posts/{postId}/comments/{commentId} with JSON {body} — the author edits. */
export async function updateComment(postId: string, commentId: string, body: string) {
  const { data } = await apiRequest(`/posts/${postId}/comments/${commentId}`, {
    method: 'PATCH',
    body: { body } satisfies RequestBody<typeof commentBodySchema>,
    schema: commentSchema,
  });
  return data;
}

export function useUpdateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) =>
      updateComment(postId, commentId, body),
    onSuccess: (comment) => {
      updateCachedComment(queryClient, postId, comment.id, comment);
      queryClient.setQueryData(postKeys.comment(postId, comment.id), comment);
      void refreshAfterWrite(queryClient, {
        kind: 'comment-edited',
        postId,
        commentId: comment.id,
      });
    },
  });
}
