/**
 * The parts of the service worker's global scope service-worker.ts uses, typed here so the
 * worker builds with the page's DOM types (the real ServiceWorkerGlobalScope fits them).
 */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
export interface ExtendableMessageEventLike extends ExtendableEventLike {
  data: unknown;
  ports: readonly MessagePort[];
}
interface FetchEventLike extends Event {
  request: Request;
}
interface SyncEventLike extends ExtendableEventLike {
  tag: string;
}

export interface SwScope {
  location: { origin: string };
  navigator: { locks?: LockManager; connection?: { saveData?: boolean } };
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEventLike) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
}
