import type { commentBodySchema } from '@ekispot/shared';
import { commentSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBody } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/action-queue/send-or-queue';
import { refreshAfterWrite } from '../../../lib/write-invalidation';
import { appendComment, shiftCommentCount } from './comment-cache';

/**
 * POST /posts/{postId}/comments with JSON {body}; null when it waits in the offline queue, which
 * sends it once the network is back (docs/pwa.md#queued-actions).
 */
export async function createComment(postId: string, body: string) {
  const result = await sendOrQueue(
    {
      method: 'POST',
      path: `/posts/${postId}/comments`,
      body: { body } satisfies RequestBody<typeof commentBodySchema>,
      target: { kind: 'comment', postId, body },
    },
    commentSchema,
  );
  return result.queued ? null : result.data;
}

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline the comment goes into the queue, so the call must not be paused here.
    networkMode: 'always',
    mutationFn: (body: string) => createComment(postId, body),
    // The comment shows at once at the end of the loaded list; when later pages are still
    // unloaded it belongs after them, and the list is fetched again instead.
    onSuccess: async (comment) => {
      if (!comment) return;
      shiftCommentCount(queryClient, postId, 1);
      const inCache = appendComment(queryClient, postId, comment);
      await refreshAfterWrite(queryClient, { kind: 'comment-added', postId, inCache });
    },
  });
}
