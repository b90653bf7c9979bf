import type { passwordChangeBodySchema } from '@ekispot/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';

export type ChangePasswordInput = RequestBody<typeof passwordChangeBodySchema>;

/** POST /auth/password/change — this session stays; every other one is signed out. */
export async function changePassword(input: ChangePasswordInput): Promise<string> {
  const { message } = await apiRequest('/auth/password/change', {
    method: 'POST',
    body: input,
    schema: z.null(),
  });
  return message;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
