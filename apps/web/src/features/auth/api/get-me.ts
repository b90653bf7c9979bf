import { sessionSchema } from '@ekispot/shared';
import type { CamelCased, Me } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, isNetworkFailure } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { invalidateAllButSession } from '../../../lib/query-client';
import { lastSeenMember, learnSession } from '../../../lib/session-owner';
import { authKeys } from './query-keys';

/**
 * The signed-in user's own account, camelCased as every response is
 * (docs/product-rules.md#calls-and-their-names).
 */
export type SessionUser = CamelCased<Me>;

/** The signed-in user's key (authKeys.me). */
export const ME_QUERY_KEY = authKeys.me();

/**
 * The start-up profile call (docs/product-rules.md#session). The API answers 200 with null for a visitor, so a
 * visitor's page load makes no failing call. Its answer is whose session this is: the page
 * keeps it, and drops what belonged to anyone else (docs/pwa.md#whose-data). Without a network
 * the member last seen is shown, marked as offline and never trusted for a write; a server
 * failure (5xx) leaves the app signed out. It opts out of the 401 handler, which must never
 * send a visitor to /login.
 */
export async function getMe(): Promise<SessionUser | null> {
  try {
    const { data } = await apiRequest('/auth/me', {
      schema: sessionSchema,
      skipUnauthorizedHandler: true,
    });
    void learnSession(data);
    return data;
  } catch (error) {
    if (isNetworkFailure(error)) return lastSeenMember();
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

/** Remembers the user a call returned (login, profile update, e-mail change). */
export function setSessionUser(queryClient: QueryClient, user: SessionUser): void {
  queryClient.setQueryData(ME_QUERY_KEY, user);
  void learnSession(user);
}

/**
 * After the signed-in account changes (login, logout, leaving), what other features cached
 * may have been someone else's view (likes, wants, follows): mark it stale so it refetches.
 */
export function refreshAfterSessionChange(queryClient: QueryClient): void {
  void invalidateAllButSession(queryClient);
}

/** Forgets the signed-in user (after a 401, a logout or leaving). */
export function clearSession(queryClient: QueryClient): void {
  queryClient.setQueryData(ME_QUERY_KEY, null);
  void learnSession(null);
}
