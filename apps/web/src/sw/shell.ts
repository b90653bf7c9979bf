import { CACHE_NAMES } from './cache-plan';

/** A file of the app shell; `revision` is null for a hashed file (its name changes with it). */
export interface ShellFile {
  url: string;
  revision: string | null;
}

/**
 * What the worker caches for offline use once a page is idle (docs/pwa.md#offline), written into
 * it by the build (apps/web/service-worker-plugin.ts): the code every page needs and a few
 * fixed-name files. `version` changes with any file of the build.
 */
export interface AppShell {
  version: string;
  files: ShellFile[];
}

/**
 * The app shell's page: the build's `index.html`, which the client router turns into any page.
 * Without the server's runtime config it draws the offline basemap only, which is what works
 * offline anyway (docs/pwa.md#offline).
 */
export const SHELL_URL = '/index.html';
/** The offline page in the app's layout, for when even the shell is missing. */
export const OFFLINE_PAGE_URL = '/offline.html';

/** The cache of the shell's fixed-name files: one per build, so a new worker starts afresh. */
export function shellCacheName(shell: Pick<AppShell, 'version'>): string {
  return `ekispot-shell-${shell.version}`;
}

const CURRENT = new Set<string>(Object.values(CACHE_NAMES));

/**
 * Caches a new worker deletes when it activates: our runtime caches of other versions, other
 * builds' shells, and the precache of the workers that cached every file at install (Workbox's).
 */
export function staleCaches(names: readonly string[], currentShell: string): string[] {
  return names.filter((name) =>
    name.startsWith('ekispot-')
      ? !CURRENT.has(name) && name !== currentShell
      : name.startsWith('workbox-precache-'),
  );
}
