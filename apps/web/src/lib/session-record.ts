import type { CamelCased, Me } from '@ekispot/shared';
import { createStore, get, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';

/**
 * Whose session this browser last saw (docs/pwa.md#whose-data): written by the page whenever it
 * learns the session (an `/auth/me` answer, a login, a logout, a 401), read by the page to show
 * the member offline, and by the service worker to tell whose cached reads and queued actions it
 * may use. It is never trusted for a write: the server checks the session of every request.
 */
export type SessionRecord =
  /** A member was signed in when the session was last seen. */
  | { state: 'member'; user: CamelCased<Me> }
  /** No session. */
  | { state: 'visitor' }
  /** A login is under way: nobody's data is used until its answer. */
  | { state: 'changing' };

/**
 * Who owns what is cached and queued: a member's id, `null` for a visitor, `undefined` when
 * nobody can say (never seen, or a login under way). Nothing is used for an unknown owner.
 */
export type Owner = string | null | undefined;

export function ownerOf(record: SessionRecord | null | undefined): Owner {
  if (!record) return undefined;
  if (record.state === 'member') return record.user.id;
  if (record.state === 'visitor') return null;
  return undefined;
}

/** Where the record is kept: IndexedDB, which the page and the service worker share. */
export interface SessionRecordStore {
  read(): Promise<SessionRecord | null>;
  write(record: SessionRecord): Promise<void>;
}

const KEY = 'session';
let idbStore: UseStore | null = null;

/** The IndexedDB store `ekispot-session` / `record`. */
export function indexedDbSessionStore(): SessionRecordStore {
  idbStore ??= createStore('ekispot-session', 'record');
  const store = idbStore;
  return {
    read: async () => (await get<SessionRecord>(KEY, store)) ?? null,
    write: (record) => set(KEY, record, store),
  };
}

/** The same contract in memory, for tests and for browsers without IndexedDB. */
export function memorySessionStore(initial: SessionRecord | null = null): SessionRecordStore {
  let record = initial;
  return {
    read: async () => (record ? structuredClone(record) : null),
    write: async (next) => {
      record = structuredClone(next);
    },
  };
}

let shared: SessionRecordStore | null = null;

/** The page's record store: IndexedDB, or memory where there is none (tests, old browsers). */
export function sessionRecords(): SessionRecordStore {
  shared ??= typeof indexedDB === 'undefined' ? memorySessionStore() : indexedDbSessionStore();
  return shared;
}

/** For tests: a store of their own. */
export function setSessionRecordsForTests(store: SessionRecordStore): void {
  shared = store;
}
