import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/** What the web app needs of the signed-in user until packages/shared defines the user contract. */
const meSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  avatar: z.string().nullish(),
});

export interface SessionUser {
  id: string;
  name: string | null;
  avatar: string | null;
}

export const ME_QUERY_KEY = ['auth', 'me'] as const;

/**
 * The start-up profile call (spec §4). A 401 or 404 (signed out, or not yet
 * implemented) means "signed out" and must not redirect, so it opts out of the 401 handler.
 */
export async function getMe(): Promise<SessionUser | null> {
  try {
    const { data } = await apiRequest('/auth/me', {
      schema: meSchema,
      skipUnauthorizedHandler: true,
    });
    return { id: data.id, name: data.name ?? null, avatar: data.avatar ?? null };
  } catch (error) {
    if (isApiError(error)) return null;
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ME_QUERY_KEY, queryFn: getMe, staleTime: Infinity });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

/** Forgets the signed-in user (after a 401 or a logout). */
export function clearSession(queryClient: QueryClient): void {
  queryClient.setQueryData(ME_QUERY_KEY, null);
}
