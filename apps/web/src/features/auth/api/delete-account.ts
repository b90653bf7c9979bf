import type { deleteAccountBodySchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import { clearSession, refreshAfterSessionChange } from './get-me';

/** POST /auth/delete — leaves the service; the server deletes the account and its data. */
export async function deleteAccount(
  input: RequestBody<typeof deleteAccountBodySchema>,
): Promise<string> {
  const { message } = await apiRequest('/auth/delete', {
    method: 'POST',
    body: input,
    schema: z.null(),
  });
  return message;
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearSession(queryClient);
      refreshAfterSessionChange(queryClient);
    },
  });
}
