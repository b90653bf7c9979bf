import type { Redis } from 'ioredis';

/**
 * Counts events per key within a fixed window that starts at the key's first event: failed
 * logins, mails sent. In Redis when several instances share the counts (REDIS_URL), in
 * process memory otherwise.
 */
export interface CounterStore {
  /** Counts one more event and returns the count so far and the time left in its window. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /** The count so far, without counting. */
  peek(key: string): Promise<CounterState>;
  clear(key: string): Promise<void>;
}

export interface CounterState {
  count: number;
  resetInMs: number;
}

const EMPTY: CounterState = { count: 0, resetInMs: 0 };

/** At most this many keys are kept in memory; the oldest windows go first. */
const MEMORY_KEYS_MAX = 100_000;

export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowMs) {
      let entry = current(key);
      if (!entry) {
        if (windows.size >= MEMORY_KEYS_MAX) {
          const oldest = windows.keys().next().value;
          if (oldest !== undefined) windows.delete(oldest);
        }
        entry = { count: 0, endsAt: now() + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.endsAt - now() };
    },
    async peek(key) {
      const entry = current(key);
      return entry ? { count: entry.count, resetInMs: entry.endsAt - now() } : EMPTY;
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

export function createRedisCounterStore(redis: Redis, prefix = 'ekispot-count:'): CounterStore {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs)) as [
        number,
        number,
      ];
      return { count, resetInMs: Math.max(ttl, 0) };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return count === null ? EMPTY : { count: Number(count), resetInMs: Math.max(ttl, 0) };
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}

type WarnLogger = { warn(obj: object, msg: string): void };

/**
 * Redis when it answers, this process's memory when it does not: losing Redis must not fail
 * requests. While it is gone, counts are per process again (weaker, never absent), with one
 * warning per outage; once it is back, the shared counts are used again.
 */
export function createResilientCounterStore(
  redis: Redis,
  log: WarnLogger,
  options: { prefix?: string; fallback?: CounterStore } = {},
): CounterStore {
  const shared = createRedisCounterStore(redis, options.prefix);
  const local = options.fallback ?? createMemoryCounterStore();
  let degraded = false;
  async function attempt<T>(use: (store: CounterStore) => Promise<T>): Promise<T> {
    if (redis.status === 'ready') {
      try {
        const result = await use(shared);
        degraded = false;
        return result;
      } catch (error) {
        if (!degraded)
          log.warn(
            { err: error },
            'redis counters failed: counting in this process until redis answers again',
          );
      }
    } else if (!degraded) {
      log.warn({ status: redis.status }, 'redis not connected: counting in this process');
    }
    degraded = true;
    return use(local);
  }
  return {
    hit: (key, windowMs) => attempt((store) => store.hit(key, windowMs)),
    peek: (key) => attempt((store) => store.peek(key)),
    clear: (key) => attempt((store) => store.clear(key)),
  };
}
