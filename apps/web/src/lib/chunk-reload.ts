import { CHUNK_RELOAD_GUARD_MS } from '@ekispot/shared';

export const CHUNK_RELOAD_STORAGE_KEY = 'ekispot:chunk-reload-at';

const CHUNK_ERROR_PATTERN =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

/** Whether an error comes from a script chunk that failed to load (usually after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR_PATTERN.test(error.message);
}

/**
 * Reloads the page once; a session marker stops a reload loop when the chunk is really gone
 * (docs/product-rules.md#errors: one reload guarded for 10 s). Returns whether it reloaded.
 */
export function reloadOnceForChunkError({
  storage = window.sessionStorage,
  now = Date.now(),
  reload = () => window.location.reload(),
}: { storage?: Storage; now?: number; reload?: () => void } = {}): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? '0');
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  reload();
  return true;
}

/**
 * Vite's `vite:preloadError`: a lazy chunk failed to load. The first time, the page reloads
 * (and Vite is told the error is handled); a second failure within the guard is left to Vite,
 * which rejects the import so the route shows the error page instead of a blank page.
 */
export function handlePreloadError(
  event: Pick<Event, 'preventDefault'>,
  options: Parameters<typeof reloadOnceForChunkError>[0] & { online?: boolean } = {},
): void {
  // Offline, a reload would show the browser's own offline page: the route says so instead.
  const { online = navigator.onLine !== false, ...reload } = options;
  if (online && reloadOnceForChunkError(reload)) event.preventDefault();
}
