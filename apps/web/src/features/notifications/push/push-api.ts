import {
  pushKeySchema,
  pushPreferencesSchema,
  pushSubscriptionResultSchema,
  type pushSubscriptionBodySchema,
} from '@ekispot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type RequestBody } from '../../../lib/api-client';
import { MEMBER_ONLY_META } from '../../../lib/query-client';
import { notificationKeys } from '../api/query-keys';
import type { DeviceSubscription } from './push-device';

/** The push endpoints (docs/pwa.md#push). */

export const pushKeys = {
  key: () => [...notificationKeys.all, 'push', 'key'] as const,
  preferences: () => [...notificationKeys.all, 'push', 'preferences'] as const,
};

/** GET /push/key — the server's VAPID public key. */
export function usePushKey(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: pushKeys.key(),
      enabled,
      staleTime: Infinity,
      queryFn: async ({ signal }) =>
        (await apiRequest('/push/key', { schema: pushKeySchema, signal })).data.publicKey,
    }),
  );
}

/** POST /push/subscriptions — this browser gets the member's pushes. */
export async function registerDevice(device: DeviceSubscription) {
  await apiRequest('/push/subscriptions', {
    method: 'POST',
    body: device satisfies RequestBody<typeof pushSubscriptionBodySchema>,
    schema: pushSubscriptionResultSchema,
  });
}

/** DELETE /push/subscriptions — this browser no longer gets them. */
export async function forgetDevice(endpoint: string) {
  await apiRequest('/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint },
    schema: pushSubscriptionResultSchema,
  });
}

export type PushChoices = RequestBody<typeof pushPreferencesSchema>;

export function usePushPreferences() {
  return useQuery(
    queryOptions({
      queryKey: pushKeys.preferences(),
      meta: MEMBER_ONLY_META,
      queryFn: async ({ signal }) =>
        (await apiRequest('/push/preferences', { schema: pushPreferencesSchema, signal })).data,
    }),
  );
}

export function useSavePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choices: PushChoices) =>
      (
        await apiRequest('/push/preferences', {
          method: 'PUT',
          body: choices,
          schema: pushPreferencesSchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(pushKeys.preferences(), data),
  });
}
