import { notificationPreferencesSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';

type MailTypes = RequestBody<typeof notificationPreferencesSchema>['mailTypes'];
import { notificationKeys } from './query-keys';

/** PUT /notifications/preferences. */
export async function savePreferences(mailTypes: MailTypes) {
  const { data } = await apiRequest('/notifications/preferences', {
    method: 'PUT',
    body: { mailTypes } satisfies RequestBody<typeof notificationPreferencesSchema>,
    schema: notificationPreferencesSchema,
  });
  return data;
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.preferences(), data),
  });
}
