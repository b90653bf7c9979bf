import { CACHE_NAMES } from './cache-plan';

/**
 * The precached app shell: the build's `index.html`, which the client router turns into any
 * page. Without the server's runtime config it draws the offline basemap only, which is what
 * works offline anyway (docs/pwa.md#offline).
 */
export const SHELL_URL = '/index.html';
/** The offline page in the app's layout, for when even the shell is missing. */
export const OFFLINE_PAGE_URL = '/offline.html';

const CURRENT = new Set<string>(Object.values(CACHE_NAMES));

/** Our runtime caches of other versions, deleted when a new worker activates. */
export function staleCaches(names: readonly string[]): string[] {
  return names.filter((name) => name.startsWith('ekispot-') && !CURRENT.has(name));
}
