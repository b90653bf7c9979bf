/**
 * What the worker caches when a page tells it that it is idle (docs/pwa.md#offline). Kept pure,
 * apart from the worker, so each decision is tested (`warm-up.test.ts`).
 */
import { planFor } from './cache-plan';
import type { ShellFile } from './shell';

export interface WarmUpFacts {
  /** The app shell the build wrote into the worker. */
  shell: readonly ShellFile[];
  /** Addresses the page loaded (its Resource Timing entries). */
  loaded: readonly string[];
  /** The browser asks to save data: nothing beyond what the page loaded. */
  saveData: boolean;
  /** The worker's own origin. */
  origin: string;
}

export interface WarmUpPlan {
  /** Paths for the runtime caches (hashed files, the basemap), by the plan of each. */
  files: string[];
  /** The shell's fixed-name files (its page, the offline page…), for this build's shell cache. */
  shellFiles: string[];
}

/**
 * The files the page loaded that the worker keeps (hashed files and the basemap; the browser's
 * own cache still has them, so they cost nothing on the wire) and, unless the browser asks to
 * save data, the app shell: the code every page needs and its fixed-name files.
 */
export function planWarmUp({ shell, loaded, saveData, origin }: WarmUpFacts): WarmUpPlan {
  const files = new Set<string>();
  for (const address of loaded) {
    const url = parseUrl(address, origin);
    if (url?.origin !== origin) continue;
    const plan = planFor({ method: 'GET', url: url.href, mode: 'cors', accept: '', origin });
    if (plan === 'assets' || plan === 'static') files.add(`${url.pathname}${url.search}`);
  }
  const shellFiles: string[] = [];
  if (!saveData)
    for (const file of shell) {
      if (file.revision === null) files.add(file.url);
      else shellFiles.push(file.url);
    }
  return { files: [...files], shellFiles };
}

function parseUrl(address: string, base: string): URL | null {
  try {
    return new URL(address, base);
  } catch {
    return null;
  }
}

/** The `Save-Data` request header's value: `on` when the browser asks to save data. */
export function asksToSaveData(header: string | null): boolean {
  return header?.trim().toLowerCase() === 'on';
}
