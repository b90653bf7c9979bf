import type { registerBodySchema } from '@ekispot/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';

export type RegisterInput = RequestBody<typeof registerBodySchema>;

/** POST /auth/register — a verification mail is sent; the answer is the message. */
export async function register(input: RegisterInput): Promise<string> {
  const { message } = await apiRequest('/auth/register', {
    method: 'POST',
    body: input,
    schema: z.null(),
  });
  return message;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
