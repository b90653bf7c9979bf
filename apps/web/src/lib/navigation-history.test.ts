import { describe, expect, it } from 'vitest';
import { isSkippedPath, nextHistoryStack } from './navigation-history';

describe('nextHistoryStack', () => {
  it('pushes the previous path on a route change', () => {
    expect(
      nextHistoryStack(['/a'], { from: '/station/1', to: '/station/2', action: 'PUSH' }),
    ).toEqual(['/a', '/station/1']);
    expect(nextHistoryStack([], { from: '/privacy', to: '/service', action: 'REPLACE' })).toEqual([
      '/privacy',
    ]);
  });

  it('clears the stack when the user leaves / or /login', () => {
    expect(nextHistoryStack(['/a', '/b'], { from: '/', to: '/station/1', action: 'PUSH' })).toEqual(
      [],
    );
    expect(
      nextHistoryStack(['/a'], { from: '/login', to: '/notifications', action: 'PUSH' }),
    ).toEqual([]);
  });

  it.each(['/post/create/spot', '/post/create/event', '/list/create', '/list/update/abc'])(
    'does not push %s',
    (from) => {
      expect(nextHistoryStack(['/a'], { from, to: '/post/x', action: 'PUSH' })).toEqual(['/a']);
    },
  );

  it('does not push on a back navigation, and consumes the entry returned to', () => {
    expect(nextHistoryStack(['/a', '/b'], { from: '/c', to: '/b', action: 'POP' })).toEqual(['/a']);
    expect(nextHistoryStack(['/a'], { from: '/c', to: '/z', action: 'POP' })).toEqual(['/a']);
  });

  it('ignores changes that keep the same path', () => {
    const stack = ['/a'];
    expect(nextHistoryStack(stack, { from: '/a', to: '/a', action: 'REPLACE' })).toBe(stack);
  });
});

describe('isSkippedPath', () => {
  it('matches the create/update routes only', () => {
    expect(isSkippedPath('/list/update/1')).toBe(true);
    expect(isSkippedPath('/list/update')).toBe(false);
    expect(isSkippedPath('/post/create/image/1')).toBe(false);
  });
});
