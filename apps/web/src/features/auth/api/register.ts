import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

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
