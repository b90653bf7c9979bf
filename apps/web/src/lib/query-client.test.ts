import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  createQueryClient,
  invalidateAllButSession,
  MEMBER_ONLY_META,
  SESSION_KEY_ROOT,
} from './query-client';

/** Any query, a member's own query, and the session (whose key starts with SESSION_KEY_ROOT). */
const KEYS = { open: ['open'], own: ['own'], session: [SESSION_KEY_ROOT, 'me'] };

describe('invalidateAllButSession', () => {
  it('refetches what is shown, but only marks a member’s own queries stale', async () => {
    const queryClient = createQueryClient();
    const open = vi.fn(async () => 'open');
    const own = vi.fn(async () => 'own');
    const session = vi.fn(async () => 'me');
    const observers = [
      new QueryObserver(queryClient, { queryKey: KEYS.open, queryFn: open }),
      new QueryObserver(queryClient, { queryKey: KEYS.own, queryFn: own, meta: MEMBER_ONLY_META }),
      new QueryObserver(queryClient, { queryKey: KEYS.session, queryFn: session }),
    ];
    const stops = observers.map((observer) => observer.subscribe(() => {}));
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect([open, own, session].map((fn) => fn.mock.calls.length)).toEqual([1, 1, 1]);

    await invalidateAllButSession(queryClient);
    expect(open).toHaveBeenCalledTimes(2);
    expect(own).toHaveBeenCalledTimes(1);
    expect(session).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(KEYS.own)?.isInvalidated).toBe(true);
    for (const stop of stops) stop();
  });
});
