import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';

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

/**
 * A page on the stack: its path, and its place in this tab's history (React Router's
 * `history.state.idx`) while the browser still has it there, so 「戻る」 can go back to it rather
 * than forward to a copy; null once that entry was replaced, or when the place is unknown.
 */
export interface HistoryEntry {
  path: string;
  index: number | null;
}

export function isSkippedPath(path: string): boolean {
  return SKIPPED_PATHS.has(path) || SKIPPED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * The history stack after a route change from `from` to `to` (docs/product-rules.md#navigation).
 * A back navigation is the browser's (POP) or 「戻る」's own.
 */
export function nextHistoryStack(
  stack: readonly HistoryEntry[],
  change: { from: HistoryEntry; to: string; action: NavigationAction | 'BACK' },
): readonly HistoryEntry[] {
  const { from, to, action } = change;
  if (from.path === to) return stack;
  if (RESET_PATHS.has(from.path)) return [];
  if (action === 'POP' || action === 'BACK') {
    // Going back consumes the entry we return to.
    return stack.at(-1)?.path === to ? stack.slice(0, -1) : stack;
  }
  if (isSkippedPath(from.path)) return stack;
  // A replaced page is no longer in the tab's history at its place.
  return [...stack, action === 'REPLACE' ? { path: from.path, index: null } : from];
}

let stack: readonly HistoryEntry[] = [];
const listeners = new Set<() => void>();

export const navigationHistory = {
  get: (): readonly HistoryEntry[] => stack,
  set(next: readonly HistoryEntry[]): void {
    if (next === stack) return;
    stack = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** This tab's place in its history, as React Router keeps it; null where unknown (the server). */
export function currentHistoryIndex(): number | null {
  if (typeof window === 'undefined') return null;
  const state: unknown = window.history.state;
  return typeof state === 'object' &&
    state !== null &&
    'idx' in state &&
    typeof state.idx === 'number'
    ? state.idx
    : null;
}

/** The location state of a move made by 「戻る」 without the browser's history: a back navigation. */
const BACK_STATE = { ekispotBack: true } as const;

function isBackState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'ekispotBack' in state;
}

/** Records every route change; mounted once in the root layout. */
export function useNavigationHistoryTracker(): void {
  const { pathname, state } = useLocation();
  const navigationType = useNavigationType();
  const action = navigationType === 'PUSH' && isBackState(state) ? 'BACK' : navigationType;
  const previous = useRef<HistoryEntry | null>(null);
  useEffect(() => {
    const from = previous.current;
    previous.current = { path: pathname, index: currentHistoryIndex() };
    if (!from) return;
    navigationHistory.set(
      nextHistoryStack(navigationHistory.get(), { from, to: pathname, action }),
    );
  }, [pathname, action]);
}

const NO_HISTORY: readonly HistoryEntry[] = [];

/**
 * An in-app back button (docs/navigation.md#back): `to`, the last recorded path, else the
 * fallback (always the fallback on the server and while hydrating: a page opened from a link has
 * no history yet); `goBack` returns there as a back navigation — through the browser's history
 * when the page is still in it (so the browser's own back and forward stay true), else by a move
 * that is not pushed on the stack, so two presses never bounce between two pages.
 */
export function useGoBack(fallback = '/'): { to: string; goBack: () => void } {
  const navigate = useNavigate();
  const current = useSyncExternalStore(
    navigationHistory.subscribe,
    navigationHistory.get,
    () => NO_HISTORY,
  );
  const entry = current.at(-1);
  const to = entry?.path ?? fallback;
  const goBack = () => {
    const here = currentHistoryIndex();
    if (entry && entry.index !== null && here !== null && entry.index < here)
      void navigate(entry.index - here);
    else void navigate(to, { state: BACK_STATE });
  };
  return { to, goBack };
}
