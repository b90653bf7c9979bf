import type { CamelCased, Me } from '@ekispot/shared';
import { useSyncExternalStore } from 'react';
import { confirmQueueOwner, setActingMember } from './action-queue/page-queue';
import { ownerOf, sessionRecords } from './session-record';
import type { Owner, SessionRecord } from './session-record';
import { clearMemberCaches } from './sw-registration';

/**
 * Caches and queues belong to one member (docs/pwa.md#whose-data, docs/security.md#whose-data):
 * the page keeps a record of whose session it last saw, the service worker serves a cached
 * member read and sends a queued action only for that member, and whenever the page learns the
 * session changed or ended, everything of anyone else is dropped.
 */
type SessionUser = CamelCased<Me>;

const CHANNEL = 'ekispot-session';
let channel: BroadcastChannel | null = null;
const elsewhereListeners = new Set<(owner: Owner) => void>();
/** Whether the member shown was taken from the record, the network being away. */
let assumed = false;
const assumedListeners = new Set<() => void>();
/** Learning is one step at a time: a record write and its effects never interleave. */
let chain: Promise<void> = Promise.resolve();

function setAssumed(next: boolean): void {
  if (assumed === next) return;
  assumed = next;
  for (const listener of assumedListeners) listener();
}

function sessionChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent<{ owner: Owner }>) => {
    for (const listener of elsewhereListeners) listener(message.data.owner);
  };
  return channel;
}

function inTurn(step: () => Promise<void>): Promise<void> {
  chain = chain.then(step, step);
  return chain;
}

function recordOf(user: SessionUser | null): SessionRecord {
  return user ? { state: 'member', user } : { state: 'visitor' };
}

/**
 * The server said whose session this is (an `/auth/me` answer, a login, a logout, a 401): the
 * record is rewritten; if the owner changed, the worker drops the other owner's cached reads and
 * pages and the other tabs are told; the queue forgets other members' actions and sends the
 * owner's own.
 */
export function learnSession(user: SessionUser | null): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  setAssumed(false);
  const owner = user?.id ?? null;
  setActingMember(owner);
  return inTurn(async () => {
    const records = sessionRecords();
    const previous = ownerOf(await records.read());
    await records.write(recordOf(user));
    if (previous !== owner) {
      await clearMemberCaches();
      sessionChannel()?.postMessage({ owner });
    }
    await confirmQueueOwner(owner);
  });
}

/**
 * The network is away: the member last seen, shown as signed in (marked as offline where it
 * matters), or null. Never trusted for a write: what the member queues is sent only once the
 * server has confirmed the session again.
 */
export async function lastSeenMember(): Promise<SessionUser | null> {
  if (typeof window === 'undefined') return null;
  const record = await sessionRecords().read();
  const user = record?.state === 'member' ? record.user : null;
  setActingMember(user?.id ?? null);
  setAssumed(user !== null);
  return user;
}

/**
 * A login is about to change the session: until its answer, the record names nobody, so neither
 * the worker nor any tab uses anyone's cached reads or sends anyone's actions. Returns what puts
 * the record back when the login fails.
 */
export function beginSessionChange(): Promise<() => Promise<void>> {
  if (typeof window === 'undefined') return Promise.resolve(async () => undefined);
  let previous: SessionRecord | null = null;
  return inTurn(async () => {
    const records = sessionRecords();
    previous = await records.read();
    await records.write({ state: 'changing' });
    await confirmQueueOwner(undefined);
  }).then(
    () => () =>
      inTurn(async () => {
        const records = sessionRecords();
        if ((await records.read())?.state !== 'changing') return;
        if (previous) await records.write(previous);
        await confirmQueueOwner(ownerOf(previous));
      }),
  );
}

/** Another tab learned a session (its owner given): this page should ask the server again. */
export function onSessionLearnedElsewhere(listener: (owner: Owner) => void): () => void {
  sessionChannel();
  elsewhereListeners.add(listener);
  return () => elsewhereListeners.delete(listener);
}

/** Whether the member shown is the one last seen, the network being away. */
export function isSessionAssumed(): boolean {
  return assumed;
}

function subscribeAssumed(listener: () => void): () => void {
  assumedListeners.add(listener);
  return () => assumedListeners.delete(listener);
}

export function useSessionAssumed(): boolean {
  return useSyncExternalStore(subscribeAssumed, isSessionAssumed, () => false);
}
