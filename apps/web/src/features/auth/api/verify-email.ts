import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** GET /auth/email/verify/{token} */
export async function verifyEmail(token: string): Promise<string> {
  const { message } = await apiRequest(`/auth/email/verify/${encodeURIComponent(token)}`, {
    schema: z.null(),
  });
  return message;
}

/**
 * A link works once, so its outcome is kept for the page's life (never refetched): a
 * re-render or React's double effect in development must not call it again.
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: authKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQueryOptions(token));
}
