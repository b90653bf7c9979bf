import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Paths that are never pushed: returning to a half-finished form makes no sense
 * (docs/product-rules.md#navigation).
 */
const SKIPPED_PATHS: ReadonlySet<string> = new Set([
  '/post/create/spot',
  '/post/create/event',
  '/list/create',
]);
const SKIPPED_PREFIXES = ['/list/update/'];
/** Leaving one of these starts a fresh history. */
const RESET_PATHS: ReadonlySet<string> = new Set(['/', '/login']);

export type NavigationAction = 'PUSH' | 'REPLACE' | 'POP';

export function isSkippedPath(path: string): boolean {
  return SKIPPED_PATHS.has(path) || SKIPPED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * The history stack after a route change from `from` to `to` (docs/product-rules.md#navigation).
 */
export function nextHistoryStack(
  stack: readonly string[],
  change: { from: string; to: string; action: NavigationAction },
): readonly string[] {
  if (change.from === change.to) return stack;
  if (RESET_PATHS.has(change.from)) return [];
  if (change.action === 'POP') {
    // Going back consumes the entry we return to.
    return stack.at(-1) === change.to ? stack.slice(0, -1) : stack;
  }
  if (isSkippedPath(change.from)) return stack;
  return [...stack, change.from];
}

let stack: readonly string[] = [];
const listeners = new Set<() => void>();

export const navigationHistory = {
  get: (): readonly string[] => stack,
  set(next: readonly string[]): void {
    if (next === stack) return;
    stack = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Records every route change; mounted once in the root layout. */
export function useNavigationHistoryTracker(): void {
  const { pathname } = useLocation();
  const action = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    navigationHistory.set(
      nextHistoryStack(navigationHistory.get(), { from, to: pathname, action }),
    );
  }, [pathname, action]);
}

const NO_HISTORY: readonly string[] = [];

/**
 * Where an in-app back button should go: the last recorded path, else the fallback (always the
 * fallback on the server and while hydrating: a page opened from a link has no history yet).
 */
export function useBackPath(fallback = '/'): string {
  const current = useSyncExternalStore(
    navigationHistory.subscribe,
    navigationHistory.get,
    () => NO_HISTORY,
  );
  return current.at(-1) ?? fallback;
}
