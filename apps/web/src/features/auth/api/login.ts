import type { loginBodySchema } from '@ekispot/shared';
import { loginResultSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import { beginSessionChange } from '../../../lib/session-owner';
import { refreshAfterSessionChange, setSessionUser } from './get-me';

export type LoginInput = RequestBody<typeof loginBodySchema>;

/**
 * POST /auth/login. The server sets the HttpOnly `auth` cookie itself; the returned token
 * is for API clients and is deliberately not kept here. While it runs, nobody's cached reads
 * or queued actions are used: the cookie may be another member's when it answers
 * (docs/pwa.md#whose-data).
 */
export async function login(input: LoginInput) {
  const restore = await beginSessionChange();
  try {
    const { data } = await apiRequest('/auth/login', {
      method: 'POST',
      body: input,
      schema: loginResultSchema,
    });
    return data.user;
  } catch (error) {
    await restore();
    throw error;
  }
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      refreshAfterSessionChange(queryClient);
    },
  });
}
