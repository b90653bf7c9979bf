import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { invalidateAllButSession } from './query-client';
import { authKeys } from './query-keys';
import { touchedBy } from './write-map';
import type { Touch, Write } from './write-map';

/**
 * Applies the write map (`lib/write-map.ts`, docs/conventions.md#web-client): after a write,
 * every query that shows what it changed is refreshed. Mutation hooks call `refreshAfterWrite`
 * with the write they made; they never list keys themselves.
 */

interface Paged {
  pages: { items: { id: string }[] }[];
}

function isPaged(data: unknown): data is Paged {
  if (typeof data !== 'object' || data === null || !('pages' in data)) return false;
  const { pages } = data;
  return (
    Array.isArray(pages) &&
    pages.every(
      (page: unknown) =>
        typeof page === 'object' && page !== null && 'items' in page && Array.isArray(page.items),
    )
  );
}

/** Edits the items of every cached paged query under `key`, keeping when each was fetched. */
function editItems(
  queryClient: QueryClient,
  key: QueryKey,
  edit: (item: { id: string }) => { id: string } | null,
): void {
  for (const [queryKey, data] of queryClient.getQueriesData({ queryKey: key })) {
    if (!isPaged(data)) continue;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.flatMap((item) => edit(item) ?? []),
    }));
    queryClient.setQueryData(
      queryKey,
      { ...data, pages },
      { updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? Date.now() },
    );
  }
}

const editsData = (touch: Touch) => touch.action === 'drop' || touch.action === 'replace';

function apply(queryClient: QueryClient, touch: Touch): Promise<void> {
  switch (touch.action) {
    case 'refetch':
    case 'mark':
      return queryClient.invalidateQueries({
        queryKey: touch.key,
        exact: touch.exact ?? false,
        refetchType: touch.action === 'mark' ? 'none' : 'active',
      });
    case 'forget':
      queryClient.removeQueries({ queryKey: touch.key, exact: touch.exact ?? false });
      return Promise.resolve();
    case 'drop':
      editItems(queryClient, touch.key, (item) => (item.id === touch.id ? null : item));
      return Promise.resolve();
    case 'replace':
      editItems(queryClient, touch.key, (item) => (item.id === touch.item.id ? touch.item : item));
      return Promise.resolve();
    case 'everything':
      return invalidateAllButSession(queryClient);
  }
}

/**
 * Refreshes what a write changed, as `touchedBy` says. The promise settles once the queries on
 * screen have their new data (a dialog can close onto them).
 */
export async function refreshAfterWrite(queryClient: QueryClient, write: Write): Promise<void> {
  const me = queryClient.getQueryData<{ id: string } | null>(authKeys.me());
  // Cached pages are edited first: writing a query's data clears its invalidation.
  const touches = touchedBy(write, me?.id ?? null).sort(
    (a, b) => Number(!editsData(a)) - Number(!editsData(b)),
  );
  const seen = new Set<string>();
  await Promise.all(
    touches.map((touch) => {
      const id = JSON.stringify(touch);
      if (seen.has(id)) return Promise.resolve();
      seen.add(id);
      return apply(queryClient, touch);
    }),
  );
}
