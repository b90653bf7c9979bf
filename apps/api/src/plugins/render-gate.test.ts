import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRenderGate } from './render-gate.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the render gate', () => {
  it('runs a few, lets a few more wait in turn, and refuses the rest and a greedy client', async () => {
    const gate = createRenderGate({ running: 2, waiting: 2, perClient: 2, share: 1 });
    const a = await gate.enter('a');
    const b = await gate.enter('b');
    expect(a && b).toBeTruthy();
    const order: string[] = [];
    const c = gate.enter('c').then((leave) => (order.push('c'), leave));
    const d = gate.enter('d').then((leave) => (order.push('d'), leave));
    expect(gate.load()).toEqual({ running: 2, waiting: 2 });
    expect(await gate.enter('e')).toBeNull();
    // A client with its share running or waiting is refused even with room left.
    a!();
    await c;
    const again = gate.enter('c').then((leave) => (order.push('c again'), leave));
    expect(await gate.enter('c')).toBeNull();
    b!();
    await d;
    (await c)!();
    await again;
    expect(order).toEqual(['c', 'd', 'c again']);
  });

  it('rests a turn after its render for as long as the render took', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const gate = createRenderGate({ running: 1, waiting: 1, perClient: 1, share: 0.5 });
    const first = await gate.enter('a');
    vi.advanceTimersByTime(100);
    first!();
    let next = false;
    const waiting = gate.enter('b').then((leave) => ((next = true), leave));
    await vi.advanceTimersByTimeAsync(99);
    expect(next).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    (await waiting)!();
    expect(next).toBe(true);
  });
});
