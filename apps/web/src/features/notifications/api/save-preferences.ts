import { notificationPreferencesSchema } from '@ekispot/shared';
import type { NotificationType } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

/** PUT /notifications/preferences. */
export async function savePreferences(mailTypes: readonly NotificationType[]) {
  const { data } = await apiRequest('/notifications/preferences', {
    method: 'PUT',
    body: { mailTypes },
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
