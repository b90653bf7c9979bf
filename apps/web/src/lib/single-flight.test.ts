import { describe, expect, it } from 'vitest';
import { isRunning, runExclusive } from './single-flight';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('runExclusive', () => {
  it('drops a second start while the first is running, and allows one after it settled', async () => {
    const first = deferred();
    let runs = 0;
    const start = (pending: Promise<void>) =>
      runExclusive('like:1', () => {
        runs += 1;
        return pending;
      });
    expect(start(first.promise)).toBe(true);
    expect(start(first.promise)).toBe(false);
    expect(isRunning('like:1')).toBe(true);
    first.resolve();
    await first.promise;
    await Promise.resolve();
    expect(isRunning('like:1')).toBe(false);
    expect(start(Promise.resolve())).toBe(true);
    expect(runs).toBe(2);
  });

  it('releases the key after a failure, and keeps keys apart', async () => {
    const failing = deferred();
    expect(runExclusive('like:2', () => failing.promise)).toBe(true);
    expect(runExclusive('want:2', () => Promise.resolve())).toBe(true);
    failing.reject(new Error('offline'));
    await failing.promise.catch(() => undefined);
    await Promise.resolve();
    await Promise.resolve();
    expect(isRunning('like:2')).toBe(false);
  });
});
