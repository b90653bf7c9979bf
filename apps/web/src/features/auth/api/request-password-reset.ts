import type { passwordResetRequestBodySchema } from '@ekispot/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';

/** POST /auth/password/reset/request — the same answer whether or not the address exists. */
export async function requestPasswordReset(
  input: RequestBody<typeof passwordResetRequestBodySchema>,
): Promise<string> {
  const { message } = await apiRequest('/auth/password/reset/request', {
    method: 'POST',
    body: input,
    schema: z.null(),
  });
  return message;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
