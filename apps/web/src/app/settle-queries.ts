import type { Query, QueryClient } from '@tanstack/react-query';
import { BROWSER_ONLY_META, MEMBER_ONLY_META, SESSION_KEY_ROOT } from '../lib/query-client';

/** Render passes at most: a page's data rarely waits on more than one earlier answer. */
const MAX_PASSES = 4;

/**
 * Whether the server fetches a query a render asked for. The session and a member's own reads
 * are never fetched: the server renders as a visitor for everyone, and the browser asks for the
 * member's own state after hydration (docs/architecture.md#server-rendering); nor are what only
 * a map draws (BROWSER_ONLY_META), which no server-drawn page shows. A query its
 * component disabled stays as it is, as it would in the browser.
 */
export function isServerFetched(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  if (query.queryKey[0] === SESSION_KEY_ROOT) return false;
  if (query.meta?.memberOnly === MEMBER_ONLY_META.memberOnly) return false;
  if (query.meta?.browserOnly === BROWSER_ONLY_META.browserOnly) return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  const isEnabled = typeof enabled === 'function' ? enabled(query) : enabled;
  return isEnabled !== false;
}

/**
 * Renders the page until it asks for no new data: each pass builds the queries its components
 * use (React Query records them in the cache even on the server, where it never fetches), and
 * the ones found waiting are fetched before the next pass. A failed read is dropped from the
 * cache, so the page is drawn as loading there and the browser asks again after hydration, as
 * it would have without the server. Returns the last pass's HTML when it drew every answer (no
 * new query, none failed), so the page needs no further render; else null.
 */
export async function settleQueries(
  queryClient: QueryClient,
  render: () => string,
): Promise<string | null> {
  const cache = queryClient.getQueryCache();
  const tried = new Set<string>();
  let html: string | null = null;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    html = render();
    const waiting = cache
      .findAll({ predicate: isServerFetched })
      .filter((query) => !tried.has(query.queryHash));
    if (waiting.length === 0) break;
    html = null;
    for (const query of waiting) tried.add(query.queryHash);
    // query.fetch() keeps what the observer set up (an infinite query's paging).
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
  }
  const failed = cache.findAll({ predicate: (query) => query.state.status === 'error' });
  for (const query of failed) cache.remove(query);
  return failed.length > 0 ? null : html;
}
