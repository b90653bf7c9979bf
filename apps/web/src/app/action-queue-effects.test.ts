import { BroadcastChannel as NodeChannel } from 'node:worker_threads';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../features/auth/api/get-me';
import { lastSeenMember, learnSession } from '../lib/session-owner';
import { memorySessionStore, setSessionRecordsForTests } from '../lib/session-record';
import { sessionUser } from '../test/session-user';
import { clearMemberDataOnSessionChange, recheckSessionWhenOnline } from './action-queue-effects';

import type { SessionUser } from '../features/auth/api/get-me';

/** A client whose session query is `user`, and the calls made to ask it again. */
function client(user: SessionUser | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, user);
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  return { queryClient, invalidated };
}

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('clearMemberDataOnSessionChange', () => {
  it('asks the server again when another tab learned a different member, not the same one', async () => {
    // The test DOM has no BroadcastChannel; Node's carries messages between instances the same way.
    vi.stubGlobal('BroadcastChannel', NodeChannel);
    const { queryClient, invalidated } = client(sessionUser('u1'));
    stops.push(clearMemberDataOnSessionChange(queryClient));
    const otherTab = new NodeChannel('ekispot-session');
    otherTab.postMessage({ owner: 'u1' });
    otherTab.postMessage({ owner: 'u2' });
    await vi.waitFor(() => expect(invalidated).toHaveBeenCalledTimes(1));
    // Messages arrive in order: by the time a third is heard, the first would have counted.
    otherTab.postMessage({ owner: null });
    await vi.waitFor(() => expect(invalidated).toHaveBeenCalledTimes(2));
    otherTab.close();
  });
});

describe('recheckSessionWhenOnline', () => {
  it('asks again when the network is back on a page that showed the member last seen', async () => {
    setSessionRecordsForTests(memorySessionStore({ state: 'member', user: sessionUser('u1') }));
    const user = await lastSeenMember();
    const { queryClient, invalidated } = client(user);
    stops.push(recheckSessionWhenOnline(queryClient));
    window.dispatchEvent(new Event('online'));
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ME_QUERY_KEY });
  });

  it('leaves a session the server confirmed alone', async () => {
    await learnSession(sessionUser('u1'));
    const { queryClient, invalidated } = client(sessionUser('u1'));
    stops.push(recheckSessionWhenOnline(queryClient));
    window.dispatchEvent(new Event('online'));
    expect(invalidated).not.toHaveBeenCalled();
  });
});
