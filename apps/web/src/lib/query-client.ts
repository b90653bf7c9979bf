import { hydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import type { DehydratedState, Query } from '@tanstack/react-query';
import { isOnline } from './online-status';

/** The first part of the session's query keys (the auth feature's `authKeys.all`). */
export const SESSION_KEY_ROOT = 'auth';

/**
 * `meta` of queries only a signed-in member can make (their notifications, unread count, the
 * add-to-list menu's lists):
 * when the session changes they are marked stale but not refetched there and then, so signing
 * out never sends a call that answers 401 (which would lead to /login instead of the page the
 * member chose); they refetch when next shown to a member.
 */
export const MEMBER_ONLY_META = { memberOnly: true } as const;

/**
 * `meta` of queries that only a map in the browser draws (its station names): the server never
 * fetches them into a page it renders (docs/architecture.md#server-rendering).
 */
export const BROWSER_ONLY_META = { browserOnly: true } as const;

const isMemberOnly = (query: { meta?: Record<string, unknown> }) => query.meta?.memberOnly === true;

/**
 * Marks everything cached stale except the session itself, for a change that may alter what
 * any list shows (signing in or out, blocking someone).
 */
export async function invalidateAllButSession(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ predicate: isMemberOnly, refetchType: 'none' }),
    queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== SESSION_KEY_ROOT && !isMemberOnly(query),
    }),
  ]);
}

/**
 * The queries of the page the server drew, by hash, until the first navigation: their data came
 * with the page, so mounting its components reads nothing again, not even a query that is
 * otherwise read afresh on every visit (docs/architecture.md#hydration).
 */
const drawnByServer = new Set<string>();

/** Puts the server's data into the cache (app/main.tsx, for a server-rendered page). */
export function hydrateFromServer(queryClient: QueryClient, state: DehydratedState): void {
  hydrate(queryClient, state);
  for (const query of state.queries) drawnByServer.add(query.queryHash);
}

/** The page the server drew is left: from now on queries read as they always do. */
export function forgetServerData(): void {
  drawnByServer.clear();
}

const refetchOnMount = (query: Query) => !drawnByServer.has(query.queryHash);

/**
 * The API client already retries once where docs/product-rules.md#calls-and-their-names allows it,
 * so queries never retry again online. Queries run even when the browser says it is offline
 * (`offlineFirst`): the service worker may answer from its cache (docs/pwa.md#offline). One that
 * fails offline waits, paused, and runs again when the network is back
 * (docs/navigation.md#offline).
 */
export function createQueryClient(): QueryClient {
  // TanStack starts out "online" and only learns otherwise from an `offline` event, which a page
  // loaded offline never gets: its failed reads then ran out of retries and showed the error
  // page instead of pausing. Start from what the browser says (docs/pwa.md#offline).
  onlineManager.setOnline(isOnline());
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        retry: (failureCount) => failureCount < 3 && !isOnline(),
        retryDelay: 0,
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        refetchOnMount,
      },
      mutations: { retry: false },
    },
  });
}
