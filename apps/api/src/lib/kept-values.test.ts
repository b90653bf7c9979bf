import { describe, expect, it } from 'vitest';
import { keptValues } from './kept-values.js';

function setUp(maxEntries?: number) {
  const state = { generation: 0, now: 0, builds: 0 };
  const kept = keptValues<string>({
    generation: () => state.generation,
    now: () => state.now,
    maxAgeMs: 100,
    maxEntries,
  });
  const read = (key: string) =>
    kept(key, async () => {
      state.builds += 1;
      return `${key}@${state.generation}`;
    });
  return { state, read, kept };
}

describe('keptValues', () => {
  it('keeps a value for its generation and its age, and builds it again after', async () => {
    const { state, read } = setUp();
    expect(await read('a')).toBe('a@0');
    expect(await read('a')).toBe('a@0');
    expect(state.builds).toBe(1);
    state.generation = 1;
    expect(await read('a')).toBe('a@1');
    state.now = 101;
    await read('a');
    expect(state.builds).toBe(3);
  });

  it('shares one build between requests for a key, and keeps nothing built across a write', async () => {
    const { state, kept } = setUp();
    let finish: (value: string) => void = () => {};
    const build = () => {
      state.builds += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = kept('a', build);
    const second = kept('a', build);
    state.generation = 1;
    finish('old');
    expect(await Promise.all([first, second])).toEqual(['old', 'old']);
    expect(state.builds).toBe(1);
    expect(await kept('a', async () => 'new')).toBe('new');
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const { state, read } = setUp(2);
    await read('a');
    await read('b');
    await read('c');
    await read('b');
    expect(state.builds).toBe(3);
    await read('a');
    expect(state.builds).toBe(4);
  });
});
