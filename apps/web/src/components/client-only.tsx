import type { ReactNode } from 'react';
import { useHydrated } from '../hooks/use-hydrated';

/**
 * Children that only the browser can draw (they read storage, the screen or a browser API while
 * rendering): nothing (or the fallback) on the server and while hydrating, then the children.
 */
export function ClientOnly({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useHydrated() ? children : fallback;
}
