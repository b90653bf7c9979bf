import type { commentBodySchema } from '@ekispot/shared';
import { commentSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import { appendComment, shiftCommentCount } from './comment-cache';
import { postKeys } from './query-keys';

/** POST /posts/{postId}/comments with JSON {body}. */
export async function createComment(postId: string, body: string) {
  const { data } = await apiRequest(`/posts/${postId}/comments`, {
    method: 'POST',
    body: { body } satisfies RequestBody<typeof commentBodySchema>,
    schema: commentSchema,
  });
  return data;
}

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => createComment(postId, body),
    onSuccess: async (comment) => {
      shiftCommentCount(queryClient, postId, 1);
      if (!appendComment(queryClient, postId, comment)) {
        await queryClient.invalidateQueries({ queryKey: postKeys.comments(postId) });
      }
    },
  });
}
