import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it is online (`navigator.onLine`, kept by its `online` and `offline`
 * events). "Online" only means a network is there; a request may still fail, and every request
 * still says so itself.
 */
function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * A query that has nothing yet and waits for the network (TanStack pauses queries offline and
 * resumes them when the browser is back online): the page says so instead of a skeleton.
 */
export function isWaitingForNetwork(query: { isPending: boolean; fetchStatus: string }): boolean {
  return query.isPending && query.fetchStatus === 'paused';
}
