import { clear, createStore, del, set, values } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import type { QueuedAction } from './queued-action';

/** Where queued actions are kept: IndexedDB in the browser, a map in tests. */
export interface QueueStore {
  /** Every action, oldest first. */
  list(): Promise<QueuedAction[]>;
  put(action: QueuedAction): Promise<void>;
  remove(key: string): Promise<void>;
  clear(): Promise<void>;
}

const bySeq = (a: QueuedAction, b: QueuedAction) => a.seq - b.seq;

let idbStore: UseStore | null = null;

/** The IndexedDB store `ekispot-queue` / `actions`, keyed by the idempotency key. */
export function indexedDbQueueStore(): QueueStore {
  idbStore ??= createStore('ekispot-queue', 'actions');
  const store = idbStore;
  return {
    list: async () => (await values<QueuedAction>(store)).sort(bySeq),
    put: (action) => set(action.key, action, store),
    remove: (key) => del(key, store),
    clear: () => clear(store),
  };
}

/** The same contract in memory, for tests and for browsers without IndexedDB. */
export function memoryQueueStore(): QueueStore {
  const actions = new Map<string, QueuedAction>();
  return {
    list: async () => [...actions.values()].map((action) => structuredClone(action)).sort(bySeq),
    put: async (action) => void actions.set(action.key, structuredClone(action)),
    remove: async (key) => void actions.delete(key),
    clear: async () => actions.clear(),
  };
}
