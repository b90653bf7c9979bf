import { describe, expect, it } from 'vitest';
import { checkNewOrder } from './list-order.js';

describe('checkNewOrder', () => {
  const current = ['a', 'b', 'c'];

  it('accepts any permutation of exactly the current items', () => {
    expect(checkNewOrder(current, ['c', 'a', 'b'])).toBeNull();
    expect(checkNewOrder(current, ['a', 'b', 'c'])).toBeNull();
    expect(checkNewOrder([], [])).toBeNull();
  });

  it('refuses an order that leaves an item out (one added meanwhile)', () => {
    expect(checkNewOrder([...current, 'd'], ['c', 'a', 'b'])).toBe('missing');
    expect(checkNewOrder(current, [])).toBe('missing');
  });

  it('refuses an item that is not in the list (one removed meanwhile)', () => {
    expect(checkNewOrder(['a', 'b'], ['a', 'b', 'c'])).toBe('unknown');
  });

  it('refuses an item named twice, even when the count matches', () => {
    expect(checkNewOrder(current, ['a', 'a', 'b'])).toBe('duplicate');
  });
});
