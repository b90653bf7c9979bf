import { QueryClient } from '@tanstack/react-query';

/** The first part of the session's query keys (the auth feature's `authKeys.all`). */
export const SESSION_KEY_ROOT = 'auth';

/**
 * Marks everything cached stale except the session itself, for a change that may alter what
 * any list shows (signing in or out, blocking someone).
 */
export function invalidateAllButSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== SESSION_KEY_ROOT,
  });
}

/**
 * The API client already retries once where docs/product-rules.md#calls-and-their-names allows it,
 * so queries never retry again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
