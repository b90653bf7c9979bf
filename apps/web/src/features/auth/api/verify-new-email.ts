import { meSchema } from '@ekispot/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setSessionUser } from './get-me';
import type { SessionUser } from './get-me';
import { authKeys } from './query-keys';

/** POST /auth/email/change/verify/{token} — answers with the account under its new address. */
export async function verifyNewEmail(token: string) {
  const { data, message } = await apiRequest(
    `/auth/email/change/verify/${encodeURIComponent(token)}`,
    { method: 'POST', schema: meSchema },
  );
  return { user: data, message };
}

function refreshSession(queryClient: QueryClient, user: SessionUser): void {
  const current = queryClient.getQueryData<SessionUser | null>(authKeys.me());
  if (current?.id === user.id) setSessionUser(queryClient, user);
  else void queryClient.invalidateQueries({ queryKey: authKeys.me() });
}

/**
 * The link works once: like the sign-up verification, its outcome is kept (never
 * refetched). The signed-in account, when it is this one, takes the new address.
 */
export function verifyNewEmailQueryOptions(token: string, queryClient: QueryClient) {
  return queryOptions({
    queryKey: authKeys.verifyNewEmail(token),
    queryFn: async () => {
      const result = await verifyNewEmail(token);
      refreshSession(queryClient, result.user);
      return result;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export function useVerifyNewEmail(token: string) {
  const queryClient = useQueryClient();
  return useQuery(verifyNewEmailQueryOptions(token, queryClient));
}
