import type { passwordResetBodySchema } from '@ekispot/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';

export type ResetPasswordInput = RequestBody<typeof passwordResetBodySchema>;

/** POST /auth/password/reset — every session of the account is signed out. */
export async function resetPassword(input: ResetPasswordInput): Promise<string> {
  const { message } = await apiRequest('/auth/password/reset', {
    method: 'POST',
    body: input,
    schema: z.null(),
  });
  return message;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
