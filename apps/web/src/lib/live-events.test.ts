import { describe, expect, it, vi } from 'vitest';
import { announceLive, onLive } from './live-events';

describe('live events', () => {
  it('reach every listener until it unsubscribes', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onLive(first);
    const stopSecond = onLive(second);
    announceLive({ notificationType: 'followed_post' });
    stopFirst();
    announceLive({ notificationType: 'like' });
    stopSecond();
    announceLive({ notificationType: 'like' });
    expect(first.mock.calls).toEqual([[{ notificationType: 'followed_post' }]]);
    expect(second).toHaveBeenCalledTimes(2);
  });
});
