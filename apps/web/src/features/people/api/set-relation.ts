import type { privacyBodySchema } from '@ekispot/shared';
import { blockStateSchema, muteStateSchema, privacySchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import { refreshAfterWrite } from '../../../lib/write-invalidation';

/** POST (on) or DELETE (off) /users/{userId}/block or /mute. */
export async function setRelation(userId: string, kind: 'block' | 'mute', on: boolean) {
  const schema = kind === 'block' ? blockStateSchema : muteStateSchema;
  await apiRequest(`/users/${userId}/${kind}`, { method: on ? 'POST' : 'DELETE', schema });
}

/**
 * Blocks, unblocks, mutes or unmutes. What the change hides or shows is spread over many
 * lists (posts, comments, follows), so everything cached is refreshed afterwards.
 */
export function useSetRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; kind: 'block' | 'mute'; on: boolean }) =>
      setRelation(input.userId, input.kind, input.on),
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'relation-changed' }),
  });
}

/** PUT /users/me/privacy: whether others see the liked and want tabs. */
export function useSetPrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (privacy: RequestBody<typeof privacyBodySchema>) =>
      (
        await apiRequest('/users/me/privacy', {
          method: 'PUT',
          body: privacy,
          schema: privacySchema,
        })
      ).data,
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'privacy-changed' }),
  });
}
