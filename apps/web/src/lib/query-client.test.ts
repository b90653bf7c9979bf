import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, invalidateAllButSession, MEMBER_ONLY_META } from './query-client';

describe('invalidateAllButSession', () => {
  it('refetches what is shown, but only marks a member’s own queries stale', async () => {
    const queryClient = createQueryClient();
    const open = vi.fn(async () => 'open');
    const own = vi.fn(async () => 'own');
    const session = vi.fn(async () => 'me');
    const observers = [
      new QueryObserver(queryClient, { queryKey: ['posts'], queryFn: open }),
      new QueryObserver(queryClient, { queryKey: ['own'], queryFn: own, meta: MEMBER_ONLY_META }),
      new QueryObserver(queryClient, { queryKey: ['auth', 'me'], queryFn: session }),
    ];
    const stops = observers.map((observer) => observer.subscribe(() => {}));
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect([open, own, session].map((fn) => fn.mock.calls.length)).toEqual([1, 1, 1]);

    await invalidateAllButSession(queryClient);
    expect(open).toHaveBeenCalledTimes(2);
    expect(own).toHaveBeenCalledTimes(1);
    expect(session).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['own'])?.isInvalidated).toBe(true);
    for (const stop of stops) stop();
  });
});
