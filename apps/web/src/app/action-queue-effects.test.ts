import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ME_QUERY_KEY } from '../features/auth/api/get-me';
import { resetActionQueueForTests } from '../lib/action-queue/page-queue';
import type { QueuedAction } from '../lib/action-queue/queued-action';
import { memoryQueueStore } from '../lib/action-queue/queue-store';
import { clearMemberDataOnSessionChange } from './action-queue-effects';

const waiting: QueuedAction = {
  key: 'key-abcdefgh',
  seq: 1,
  method: 'POST',
  path: '/posts/p1/like',
  body: null,
  target: { kind: 'reaction', postId: 'p1', reaction: 'like', on: true },
  createdAt: 0,
  attempts: 0,
  notBefore: 0,
};

const member = (id: string) => ({ id, name: id });

async function setup() {
  const store = memoryQueueStore();
  resetActionQueueForTests(store);
  await store.put(waiting);
  const queryClient = new QueryClient();
  const stop = clearMemberDataOnSessionChange(queryClient);
  /** The session as a finished /auth/me would leave it. */
  const session = async (user: { id: string } | null) => {
    queryClient.setQueryData(ME_QUERY_KEY, user);
    // clearActionQueue runs without being awaited: let it finish.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { store, session, stop };
}

let stopEffect = () => {};
afterEach(() => stopEffect());

describe('clearMemberDataOnSessionChange', () => {
  it('keeps the queue of a page loaded offline as a visitor that turns out to be the member', async () => {
    const { store, session, stop } = await setup();
    stopEffect = stop;
    await session(null);
    await session(member('u1'));
    await session(member('u1'));
    expect(await store.list()).toHaveLength(1);
  });

  it('empties the queue when the member signs out', async () => {
    const { store, session, stop } = await setup();
    stopEffect = stop;
    await session(member('u1'));
    await session(null);
    expect(await store.list()).toEqual([]);
  });

  it('empties the queue when another member signs in', async () => {
    const { store, session, stop } = await setup();
    stopEffect = stop;
    await session(member('u1'));
    await session(member('u2'));
    expect(await store.list()).toEqual([]);
  });
});
