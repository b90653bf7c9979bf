import { describe, expect, it } from 'vitest';
import { isSkippedPath, nextHistoryStack } from './navigation-history';
import type { HistoryEntry } from './navigation-history';

/** An entry at its place in the tab's history. */
const at = (path: string, index: number | null = null): HistoryEntry => ({ path, index });

describe('nextHistoryStack', () => {
  it('pushes the page left on a route change, with its place in the tab’s history', () => {
    expect(
      nextHistoryStack([at('/a', 0)], {
        from: at('/station/1', 1),
        to: '/station/2',
        action: 'PUSH',
      }),
    ).toEqual([at('/a', 0), at('/station/1', 1)]);
  });

  it('pushes a replaced page without a place: the browser no longer has it', () => {
    expect(
      nextHistoryStack([], { from: at('/privacy', 3), to: '/service', action: 'REPLACE' }),
    ).toEqual([at('/privacy')]);
  });

  it('clears the stack when the user leaves / or /login', () => {
    const stack = [at('/a'), at('/b')];
    expect(nextHistoryStack(stack, { from: at('/'), to: '/station/1', action: 'PUSH' })).toEqual(
      [],
    );
    expect(
      nextHistoryStack(stack, { from: at('/login'), to: '/notifications', action: 'PUSH' }),
    ).toEqual([]);
  });

  it.each(['/post/create/spot', '/post/create/event', '/list/create', '/list/update/abc'])(
    'does not push %s',
    (from) => {
      expect(
        nextHistoryStack([at('/a')], { from: at(from), to: '/post/x', action: 'PUSH' }),
      ).toEqual([at('/a')]);
    },
  );

  it.each(['POP', 'BACK'] as const)(
    'does not push on a back navigation (%s), and consumes the entry returned to',
    (action) => {
      const stack = [at('/a', 0), at('/b', 1)];
      expect(nextHistoryStack(stack, { from: at('/c', 2), to: '/b', action })).toEqual([
        at('/a', 0),
      ]);
      expect(nextHistoryStack([at('/a')], { from: at('/c'), to: '/z', action })).toEqual([
        at('/a'),
      ]);
    },
  );

  it('ignores changes that keep the same path', () => {
    const stack = [at('/a')];
    expect(nextHistoryStack(stack, { from: at('/a'), to: '/a', action: 'REPLACE' })).toBe(stack);
  });
});

describe('isSkippedPath', () => {
  it('matches the create/update routes only', () => {
    expect(isSkippedPath('/list/update/1')).toBe(true);
    expect(isSkippedPath('/list/update')).toBe(false);
    expect(isSkippedPath('/post/create/image/1')).toBe(false);
  });
});
