import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueueAction, resetActionQueueForTests } from './action-queue/page-queue';
import type { QueuedAction } from './action-queue/queued-action';
import { memoryQueueStore } from './action-queue/queue-store';
import type { QueueStore } from './action-queue/queue-store';
import { memorySessionStore, setSessionRecordsForTests } from './session-record';
import type { SessionRecord, SessionRecordStore } from './session-record';
import { sessionUser } from '../test/session-user';
import {
  beginSessionChange,
  isSessionAssumed,
  lastSeenMember,
  learnSession,
} from './session-owner';

const like = (postId: string) => ({
  method: 'POST' as const,
  path: `/posts/${postId}/like`,
  body: null,
  target: { kind: 'reaction' as const, postId, reaction: 'like' as const, on: true },
});

let queue: QueueStore;
let records: SessionRecordStore;

/** A page starting with the browser's record as a previous page left it. */
function newPage(record: SessionRecord | null) {
  records = memorySessionStore(record);
  setSessionRecordsForTests(records);
  resetActionQueueForTests(queue);
}

const owners = async () => (await queue.list()).map((action: QueuedAction) => action.owner);

beforeEach(() => {
  queue = memoryQueueStore();
  // Offline: the queue keeps what it holds, so what is dropped is seen, not what is sent.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(() => vi.restoreAllMocks());

describe('whose session the page shows and acts for', () => {
  it('offline, shows the member last seen and queues for them; the same member confirmed keeps it', async () => {
    newPage({ state: 'member', user: sessionUser('u1') });
    expect(await lastSeenMember()).toEqual(sessionUser('u1'));
    expect(isSessionAssumed()).toBe(true);
    await enqueueAction(like('p1'));
    expect(await owners()).toEqual(['u1']);

    await learnSession(sessionUser('u1'));
    expect(isSessionAssumed()).toBe(false);
    expect(await owners()).toEqual(['u1']);
  });

  it('offline with nobody last seen, shows a visitor', async () => {
    newPage({ state: 'visitor' });
    expect(await lastSeenMember()).toBeNull();
    expect(isSessionAssumed()).toBe(false);
  });

  it('drops the member’s actions when a new page learns the session ended elsewhere', async () => {
    newPage({ state: 'member', user: sessionUser('u1') });
    await lastSeenMember();
    await enqueueAction(like('p1'));
    // The next page load: /auth/me answers nobody (logged out on another device).
    newPage({ state: 'member', user: sessionUser('u1') });
    await learnSession(null);
    expect(await owners()).toEqual([]);
    expect(await records.read()).toEqual({ state: 'visitor' });
  });

  it('drops the member’s actions when another member is the session, on a page that never saw the first', async () => {
    newPage({ state: 'member', user: sessionUser('u1') });
    await lastSeenMember();
    await enqueueAction(like('p1'));
    newPage({ state: 'visitor' });
    await learnSession(sessionUser('u2'));
    expect(await owners()).toEqual([]);
    expect(await records.read()).toEqual({ state: 'member', user: sessionUser('u2') });
  });

  it('names nobody while a login runs, and puts the record back when it fails', async () => {
    newPage({ state: 'member', user: sessionUser('u1') });
    const restore = await beginSessionChange();
    expect(await records.read()).toEqual({ state: 'changing' });
    await restore();
    expect(await records.read()).toEqual({ state: 'member', user: sessionUser('u1') });
  });
});
