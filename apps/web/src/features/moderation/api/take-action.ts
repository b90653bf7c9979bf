import type { moderationActionBodySchema } from '@ekispot/shared';
import { moderationActionResultSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import { refreshAfterWrite } from '../../../lib/write-invalidation';

export type ModerationActionRequest = RequestBody<typeof moderationActionBodySchema>;

/** POST /moderation/actions: the audit log's new row and the API's message to show. */
export async function takeModerationAction(body: ModerationActionRequest) {
  const { data, message } = await apiRequest('/moderation/actions', {
    method: 'POST',
    body,
    schema: moderationActionResultSchema,
  });
  return { entry: data.entry, message: data.message || message };
}

/**
 * After an action both queues and the log are refetched (the item may have left the queue), and
 * whatever showed the item (a hidden post's station page, a list's 「5件」…) is refreshed
 * (lib/write-map.ts); the call settles once the shown queue is current, so the dialog
 * closes onto it.
 */
export function useTakeModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeModerationAction,
    onSuccess: (_result, { action, target }) =>
      refreshAfterWrite(queryClient, { kind: 'moderated', action, target }),
  });
}
