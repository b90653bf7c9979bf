import type { loginBodySchema } from '@ekispot/shared';
import { loginResultSchema, secondStepRequiredSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import { beginSessionChange } from '../../../lib/session-owner';
import { refreshAfterSessionChange, setSessionUser, type SessionUser } from './get-me';

export type LoginInput = RequestBody<typeof loginBodySchema>;

/** What a password login led to: the member, or the second step it still needs. */
export type LoginOutcome =
  | { user: SessionUser; secondStep: null }
  | { user: null; secondStep: { token: string; expiresAt: string } };

/**
 * POST /auth/login. The server sets the HttpOnly `auth` cookie itself; the returned token
 * is for API clients and is deliberately not kept here. While it runs, nobody's cached reads
 * or queued actions are used: the cookie may be another member's when it answers
 * (docs/pwa.md#whose-data). With an authenticator app set up, the answer is the second step's
 * token instead (docs/accounts.md#two-step-sign-in-and-passkeys) and the session is unchanged.
 */
export async function login(input: LoginInput): Promise<LoginOutcome> {
  const restore = await beginSessionChange();
  try {
    const { data } = await apiRequest('/auth/login', {
      method: 'POST',
      body: input,
      schema: z.union([loginResultSchema, secondStepRequiredSchema]),
    });
    if ('secondStep' in data) {
      await restore();
      return { user: null, secondStep: data.secondStep };
    }
    return { user: data.user, secondStep: null };
  } catch (error) {
    await restore();
    throw error;
  }
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      if (!user) return;
      setSessionUser(queryClient, user);
      refreshAfterSessionChange(queryClient);
    },
  });
}
