import { emailVerifiedResultSchema } from '@ekispot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { beginSessionChange } from '../../../lib/session-owner';
import { refreshAfterSessionChange, setSessionUser } from './get-me';
import { authKeys } from './query-keys';

const linkPath = (token: string) => `/auth/email/verify/${encodeURIComponent(token)}`;

/**
 * GET /auth/email/verify/{token}/account: the name the pending account was registered under.
 * The link stays unused: opening the page confirms nothing (a mail scanner may open it, and
 * the owner must be able to say the registration is not theirs: docs/accounts.md).
 */
export function verificationAccountQueryOptions(token: string) {
  return queryOptions({
    queryKey: authKeys.verificationAccount(token),
    queryFn: async () =>
      (
        await apiRequest(`${linkPath(token)}/account`, {
          schema: z.object({ name: z.string(), confirmed: z.boolean() }),
        })
      ).data,
    staleTime: Infinity,
    retry: false,
  });
}

export function useVerificationAccount(token: string) {
  return useQuery(verificationAccountQueryOptions(token));
}

/**
 * 「はい」: GET /auth/email/verify/{token} confirms the address. Opened in the browser that
 * registered, it also signs the member in (the server sets the cookie) and answers who they are
 * (docs/accounts.md#signing-in-from-the-link); elsewhere `user` is null and they log in.
 */
export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // The answer may set another member's cookie: as for a login, nobody's cached reads or
      // queued actions are used until it is known (docs/pwa.md#whose-data).
      const restore = await beginSessionChange();
      try {
        const { data, message } = await apiRequest(linkPath(token), {
          schema: emailVerifiedResultSchema,
        });
        if (!data.user) await restore();
        return { message, user: data.user };
      } catch (error) {
        await restore();
        throw error;
      }
    },
    onSuccess: ({ user }) => {
      if (!user) return;
      setSessionUser(queryClient, user);
      refreshAfterSessionChange(queryClient);
    },
  });
}

/** 「いいえ」: POST /auth/email/verify/{token}/decline removes the pending account. */
export function useDeclineVerification(token: string) {
  return useMutation({
    mutationFn: async () =>
      (await apiRequest(`${linkPath(token)}/decline`, { method: 'POST', schema: z.null() }))
        .message,
  });
}
