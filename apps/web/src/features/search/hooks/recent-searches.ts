import { useCallback, useState } from 'react';

/**
 * The member's recent searches, kept on this device only (localStorage): never sent to the
 * server, gone with the browser's data (docs/search.md#the-search-page).
 */
const STORAGE_KEY = 'ekispot:recent-searches';
export const RECENT_SEARCHES_MAX = 10;

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed
          .filter((item): item is string => typeof item === 'string')
          .slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

function write(items: string[]) {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(items));
  } catch {
    // A full or refused storage only loses the history.
  }
}

/** The newest first, without repeats; `remember` puts a query on top. */
export function rememberSearch(items: readonly string[], q: string): string[] {
  const query = q.trim();
  if (!query) return [...items];
  return [query, ...items.filter((item) => item !== query)].slice(0, RECENT_SEARCHES_MAX);
}

export function useRecentSearches() {
  const [items, setItems] = useState<string[]>(read);
  const remember = useCallback((q: string) => {
    setItems((current) => {
      const next = rememberSearch(current, q);
      write(next);
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    write([]);
    setItems([]);
  }, []);
  return { items, remember, clear };
}
