import { AUTH_COOKIE_NAME, keysToSnake } from '@ekispot/shared';
import { readCookie } from '../cookies';
import { isOnline } from '../online-status';
import { ownerOf, sessionRecords } from '../session-record';
import type { Owner } from '../session-record';
import { flushQueue } from './flush-queue';
import type { QueueEvent } from './flush-queue';
import { isOwnedBy, newActionKey } from './queued-action';
import type { QueuedAction, QueuedTarget } from './queued-action';
import { indexedDbQueueStore, memoryQueueStore } from './queue-store';
import type { QueueStore } from './queue-store';

/**
 * The page's side of the offline queue (docs/pwa.md#queued-actions): it adds actions, sends
 * them when the network is back (the `online` event, the next start, or the service worker's
 * Background Sync, whichever comes first; a Web Lock keeps two senders from overlapping), and
 * tells the app what happened. The service worker runs the same `flushQueue` on `sync`, and
 * says what it did on the same BroadcastChannel.
 */
export const QUEUE_CHANNEL = 'ekispot-action-queue';
export const QUEUE_LOCK = 'ekispot-action-queue';
export const QUEUE_SYNC_TAG = 'ekispot-action-queue';

let store: QueueStore | null = null;
let snapshot: readonly QueuedAction[] = [];
const snapshotListeners = new Set<() => void>();
const eventListeners = new Set<(event: QueueEvent) => void>();
let channel: BroadcastChannel | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;
/**
 * Whose session this page has confirmed with the server (docs/pwa.md#whose-data): only their
 * actions are sent, and nothing before it is known. `undefined` until then, and while a login
 * is under way.
 */
let confirmedOwner: Owner = undefined;
/** The member the page shows, as confirmed or as last seen offline: who new actions belong to. */
let actingMember: string | null = null;

function queueStore(): QueueStore {
  store ??= typeof indexedDB === 'undefined' ? memoryQueueStore() : indexedDbQueueStore();
  return store;
}

/** For tests: a store of their own, and a fresh start. */
export function resetActionQueueForTests(testStore: QueueStore = memoryQueueStore()): void {
  store = testStore;
  snapshot = [];
  started = false;
  confirmedOwner = undefined;
  actingMember = null;
  if (retryTimer !== undefined) clearTimeout(retryTimer);
}

async function refresh(): Promise<void> {
  snapshot = await queueStore().list();
  for (const listener of snapshotListeners) listener();
}

function publish(event: QueueEvent, fromChannel = false): void {
  if (!fromChannel) channel?.postMessage(event);
  void refresh();
  for (const listener of eventListeners) listener(event);
}

/** The actions kept now (waiting and refused), oldest first; for useSyncExternalStore. */
export function queuedActions(): readonly QueuedAction[] {
  return snapshot;
}

export function subscribeQueue(listener: () => void): () => void {
  snapshotListeners.add(listener);
  return () => snapshotListeners.delete(listener);
}

/** Every send and refusal, from this page, another tab or the service worker. */
export function onQueueEvent(listener: (event: QueueEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

async function withLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return run();
  return locks.request(QUEUE_LOCK, run);
}

/**
 * The owner a send may go out as: the member this page confirmed, while the shared record (which
 * another tab's login changes at once) still names them.
 */
async function sendingOwner(): Promise<Owner> {
  if (confirmedOwner === undefined) return undefined;
  return ownerOf(await sessionRecords().read()) === confirmedOwner ? confirmedOwner : undefined;
}

/**
 * Sends what is waiting, if the browser is online and the session is confirmed; schedules the
 * next try after a backoff.
 */
export async function flushActionQueue(): Promise<void> {
  if (!isOnline() || confirmedOwner === undefined) return;
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  const token = typeof document === 'undefined' ? null : readCookie(AUTH_COOKIE_NAME);
  const waiting = await withLock(() =>
    flushQueue({
      store: queueStore(),
      notify: (event) => publish(event),
      token,
      owner: sendingOwner,
    }),
  );
  await refresh();
  if (waiting > 0) {
    const next = Math.min(...snapshot.filter((a) => !a.refusal).map((a) => a.notBefore));
    retryTimer = setTimeout(() => void flushActionQueue(), Math.max(1_000, next - Date.now()));
  }
}

async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync;
    await sync?.register(QUEUE_SYNC_TAG);
  } catch {
    // No Background Sync (or no worker): the `online` event and the next start send it.
  }
}

export interface NewAction {
  method: QueuedAction['method'];
  /** Under the API's base path. */
  path: string;
  /** The JSON body as the web app writes it (camelCase; snake_cased when kept), or null. */
  body: object | null;
  target: QueuedTarget;
  /** The idempotency key, when a call already went out with it. */
  key?: string;
}

let lastSeq = 0;

/** Keeps an action for later; it is sent as soon as the network allows. */
export async function enqueueAction(input: NewAction): Promise<QueuedAction> {
  const now = Date.now();
  lastSeq = Math.max(lastSeq + 1, now * 1000);
  const action: QueuedAction = {
    method: input.method,
    path: input.path,
    body: input.body === null ? null : keysToSnake(input.body),
    target: input.target,
    owner: actingMember,
    key: input.key ?? newActionKey(),
    seq: lastSeq,
    createdAt: now,
    attempts: 0,
    notBefore: 0,
  };
  await queueStore().put(action);
  publish({ type: 'changed' });
  void requestBackgroundSync();
  void flushActionQueue();
  return action;
}

/** Forgets an action (a refusal the member has been told of). */
export async function dropAction(key: string): Promise<void> {
  await queueStore().remove(key);
  publish({ type: 'changed' });
}

/** The member the page shows now (confirmed or last seen offline); new actions are theirs. */
export function setActingMember(member: string | null): void {
  actingMember = member;
}

/**
 * The page learned whose session it is (docs/pwa.md#whose-data): every action of anyone else —
 * waiting or refused — is forgotten, never sent with this session, and the owner's own go out.
 * `undefined` holds every send (a login under way).
 */
export async function confirmQueueOwner(owner: Owner): Promise<void> {
  confirmedOwner = owner;
  if (owner === undefined) return;
  const store = queueStore();
  const others = (await store.list()).filter((action) => !isOwnedBy(action, owner));
  for (const action of others) await store.remove(action.key);
  if (others.length > 0) publish({ type: 'changed' });
  await flushActionQueue();
}

/** Whether an action must wait behind others or for the network rather than go out now. */
export function mustQueue(): boolean {
  return !isOnline() || snapshot.some((action) => !action.refusal);
}

/** Loads the queue, sends what waits, and listens for the network and for other senders. */
export function startActionQueue(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(QUEUE_CHANNEL);
    channel.onmessage = (message: MessageEvent<QueueEvent>) => publish(message.data, true);
  }
  window.addEventListener('online', () => void flushActionQueue());
  void refresh().then(() => flushActionQueue());
}
