import type { moderationActionBodySchema } from '@ekispot/shared';
import { moderationActionResultSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import { invalidateModerationViews } from './query-keys';

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
 * After an action both queues and the log are refetched (the item may have left the queue);
 * the call settles once the shown queue is current, so the dialog closes onto it.
 */
export function useTakeModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeModerationAction,
    onSuccess: () => invalidateModerationViews(queryClient),
  });
}
