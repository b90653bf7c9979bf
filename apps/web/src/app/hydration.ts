import { useEffect } from 'react';

/**
 * When React has hydrated a server-drawn page (docs/architecture.md#hydration). Hydration runs
 * as a transition, yielding to the browser between parts of the page; an answer written to the
 * query cache meanwhile would draw the parts still to come differently from the server's HTML,
 * which React then throws away and draws again. What changes the cache at start-up (the
 * session's answer, the top map's first calls) waits for this.
 */
let markHydrated: () => void = () => undefined;
export const hydrated = new Promise<void>((resolve) => {
  markHydrated = resolve;
});

/**
 * Called by the root layout, around every page: its effect runs once the page under it has
 * been hydrated (or drawn). A hook rather than an element of its own, so that the browser's
 * tree has the same shape as the server's (React's `useId` values depend on it).
 */
export function useHydrationMark(): void {
  useEffect(() => markHydrated(), []);
}
