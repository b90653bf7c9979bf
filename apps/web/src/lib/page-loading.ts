import { useEffect, useSyncExternalStore } from 'react';

/**
 * The pages' primary data still on its way: the global loading bar stays until the new page
 * has rendered with it, not only until the route's code has loaded (docs/navigation.md).
 */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any mounted page waits for its primary data, read now rather than at render. */
export const isPageDataLoading = (): boolean => pending > 0;

/** Whether any mounted page still waits for its primary data. */
export function usePageDataLoading(): boolean {
  return useSyncExternalStore(subscribe, isPageDataLoading, () => false);
}

/**
 * A page reports its primary query (the data it exists to show) while it is pending. Only
 * the first load counts: background refetches never bring the bar back.
 */
export function usePrimaryLoading(loading: boolean): void {
  useEffect(() => {
    if (!loading) return;
    pending += 1;
    emit();
    return () => {
      pending -= 1;
      emit();
    };
  }, [loading]);
}
