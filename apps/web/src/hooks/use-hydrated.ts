import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server renders and while the browser hydrates what it sent; true ever after,
 * and from the start for a page drawn in the browser alone (docs/architecture.md#hydration).
 * What depends on the browser itself (storage, the screen, the install prompt) waits for it, so
 * the first render in the browser is the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
