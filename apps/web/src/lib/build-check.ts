import { BUILD_CHECK_DELAY_MS, BUILD_CHECK_INTERVAL_MS } from '@ekispot/shared';

export const BUILD_MANIFEST_URL = '/build.json';

/** The build id the server currently serves, or null when it cannot be read. */
export async function fetchLatestBuildId(fetchFn: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchFn(BUILD_MANIFEST_URL, {
      cache: 'no-store',
      headers: { 'Cache-Control': 'no-cache', Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'build_id' in body) {
      const id = body.build_id;
      return typeof id === 'string' && id !== '' ? id : null;
    }
    return null;
  } catch {
    return null;
  }
}

export interface BuildCheckOptions {
  currentBuildId: string;
  onUpdateAvailable: (latestBuildId: string) => void;
  fetchFn?: typeof fetch;
  delayMs?: number;
  intervalMs?: number;
}

/**
 * Checks for a newer build about 1 s after load and then periodically; stops
 * after the first difference. Returns a function that stops checking.
 */
export function startBuildCheck({
  currentBuildId,
  onUpdateAvailable,
  fetchFn = fetch,
  delayMs = BUILD_CHECK_DELAY_MS,
  intervalMs = BUILD_CHECK_INTERVAL_MS,
}: BuildCheckOptions): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const check = async (): Promise<void> => {
    const latest = await fetchLatestBuildId(fetchFn);
    if (stopped) return;
    if (latest !== null && latest !== currentBuildId) {
      stopped = true;
      onUpdateAvailable(latest);
      return;
    }
    timer = setTimeout(() => void check(), intervalMs);
  };

  timer = setTimeout(() => void check(), delayMs);
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
