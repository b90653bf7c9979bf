import { describe, expect, it } from 'vitest';
import { reduceReaction } from './reaction-toggle';

describe('reduceReaction', () => {
  it('turns a reaction on and off, moving the count with it', () => {
    const on = reduceReaction({ active: false, count: 4 }, { type: 'toggle' });
    expect(on).toEqual({ active: true, count: 5 });
    expect(reduceReaction(on, { type: 'toggle' })).toEqual({ active: false, count: 4 });
  });

  it('never shows a negative count', () => {
    expect(reduceReaction({ active: true, count: 0 }, { type: 'toggle' })).toEqual({
      active: false,
      count: 0,
    });
  });

  it("takes the server's numbers when it answers", () => {
    const optimistic = reduceReaction({ active: false, count: 4 }, { type: 'toggle' });
    // Someone else reacted meanwhile.
    expect(
      reduceReaction(optimistic, { type: 'settle', state: { active: true, count: 7 } }),
    ).toEqual({ active: true, count: 7 });
  });

  it('goes back to the state before the press when the call fails', () => {
    const previous = { active: false, count: 4 };
    const optimistic = reduceReaction(previous, { type: 'toggle' });
    expect(reduceReaction(optimistic, { type: 'rollback', previous })).toBe(previous);
  });
});
