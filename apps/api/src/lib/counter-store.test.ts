import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  anotherTestClient,
  connectTestRedis,
  dropTestKeys,
  testRedisPrefix,
  testRedisUrl,
} from '../../test/redis.js';
import {
  createMemoryCounterStore,
  createRedisCounterStore,
  createResilientCounterStore,
  type CounterStore,
} from './counter-store.js';

// Under CI=true or REQUIRE_REDIS=1 a missing Redis fails here (test/redis.ts); elsewhere the
// Redis cases are reported as skipped, with the reason in their name, and never pass empty.
const redis = await connectTestRedis();
const prefix = testRedisPrefix();
const withoutRedis = redis ? '' : ` (skipped: no Redis at ${testRedisUrl})`;

afterAll(async () => {
  if (!redis) return;
  await dropTestKeys(redis, prefix);
  redis.disconnect();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The same rules for both stores: a window from the first event, peek, clear. `wait` lets the
 * store's time pass: the memory store's own clock is moved (no wall-clock in its test); Redis
 * keeps time itself, so its case sleeps, with times `scale` times longer so that a busy
 * machine's delays stay well inside them.
 */
function behavesAsACounter(
  name: string,
  make: () => CounterStore,
  skip = false,
  wait: (ms: number) => Promise<unknown> = sleep,
  scale = 1,
) {
  describe.skipIf(skip)(name, () => {
    it('counts within a window that starts at the first event, then starts again', async () => {
      const store = make();
      expect(await store.peek('w')).toEqual({ count: 0, resetInMs: 0 });
      const window = 300 * scale;
      expect((await store.hit('w', window)).count).toBe(1);
      await wait(120 * scale);
      const second = await store.hit('w', window);
      expect(second.count).toBe(2);
      // The window was not moved by the second event.
      expect(second.resetInMs).toBeLessThanOrEqual(200 * scale);
      expect(second.resetInMs).toBeGreaterThan(0);
      expect((await store.peek('w')).count).toBe(2);
      await wait(250 * scale);
      expect((await store.peek('w')).count).toBe(0);
      expect((await store.hit('w', window)).count).toBe(1);
    });

    it('keeps keys apart and clears one', async () => {
      const store = make();
      await store.hit('a', 10_000);
      await store.hit('a', 10_000);
      await store.hit('b', 10_000);
      await store.clear('a');
      expect((await store.peek('a')).count).toBe(0);
      expect((await store.peek('b')).count).toBe(1);
    });
  });
}

let memoryClock = 0;
behavesAsACounter(
  'memory counter store',
  () => createMemoryCounterStore(() => memoryClock),
  false,
  async (ms) => {
    memoryClock += ms;
  },
);
behavesAsACounter(
  `redis counter store (real Redis)${withoutRedis}`,
  () => createRedisCounterStore(redis!, `${prefix}${Math.random()}:`),
  !redis,
  sleep,
  4,
);

describe.skipIf(!redis)(`counts shared through Redis${withoutRedis}`, () => {
  it('two clients (two processes) see one count, atomically under concurrency', async () => {
    const other = await anotherTestClient(redis!);
    try {
      const one = createRedisCounterStore(redis!, `${prefix}shared:`);
      const two = createRedisCounterStore(other, `${prefix}shared:`);
      const counts = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).hit('login', 60_000)),
      );
      expect(counts.map((state) => state.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      expect((await two.peek('login')).count).toBe(40);
    } finally {
      other.disconnect();
    }
  });
});

describe('when Redis is lost', () => {
  function recordingLog() {
    const warnings: string[] = [];
    return { warnings, log: { warn: (_obj: object, msg: string) => void warnings.push(msg) } };
  }

  it('counts in the process, with one warning, when Redis was never reachable', async () => {
    // A port nobody listens on: the client never becomes ready.
    const unreachable = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    unreachable.on('error', () => undefined);
    const { warnings, log } = recordingLog();
    const store = createResilientCounterStore(unreachable, log);
    for (let i = 1; i <= 3; i += 1) expect((await store.hit('k', 60_000)).count).toBe(i);
    expect((await store.peek('k')).count).toBe(3);
    expect(warnings).toHaveLength(1);
    unreachable.disconnect();
  });

  it.skipIf(!redis)(
    `falls back while the connection is down and shares again once back${withoutRedis}`,
    async () => {
      const client = await anotherTestClient(redis!);
      const { warnings, log } = recordingLog();
      const keyPrefix = `${prefix}resilient:`;
      const store = createResilientCounterStore(client, log, { prefix: keyPrefix });
      expect((await store.hit('k', 60_000)).count).toBe(1);

      const back = new Promise((resolve) => client.once('ready', resolve));
      client.disconnect(true); // drops the connection; ioredis reconnects by itself
      const during = await store.hit('k', 60_000);
      // Counted in memory, not refused.
      expect(during.count).toBe(1);
      expect(warnings).toHaveLength(1);

      await back;
      expect((await store.hit('k', 60_000)).count).toBe(2);
      expect(Number(await redis!.get(`${keyPrefix}k`))).toBe(2);
      client.disconnect();
    },
  );
});
