import { Redis } from 'ioredis';

/** The app's logger: `err` goes through its error serializer (lib/log-safety.ts). */
type Logger = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * The one Redis client of a process (REDIS_URL): rate limits and shared counters use it, and
 * other parts may `duplicate()` it for subscriptions. Commands never wait for a lost server:
 * with no offline queue they fail at once, and the callers fall back to in-process counts
 * (lib/counter-store.ts) while the client reconnects in the background. It connects when
 * `connectRedis` is called, once there is a logger for its events.
 */
export function createRedisClient(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    // Keep trying, a little slower each time, up to every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
}

/**
 * Connects, logging one warning per outage and a note when Redis is back. Resolves true once
 * ready, false after `timeoutMs` without it: starting without Redis is allowed.
 */
export function connectRedis(redis: Redis, log: Logger, timeoutMs: number): Promise<boolean> {
  let lost = false;
  redis.on('error', (error: Error) => {
    // ioredis reports every failed reconnect: one warning per outage is enough.
    if (lost) return;
    lost = true;
    log.warn(
      { err: error },
      'redis unreachable: rate limits and counters fall back to this process until it is back',
    );
  });
  redis.on('ready', () => {
    if (lost) log.info({}, 'redis reachable again');
    lost = false;
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
    // A failed first attempt is retried by the client itself.
    redis.connect().catch(() => undefined);
  });
}

/** Closes the client, waiting for pending replies but no longer than `timeoutMs`. */
export async function closeRedis(redis: Redis, timeoutMs = 1_000): Promise<void> {
  if (redis.status === 'end') return;
  const quit = redis.quit().catch(() => undefined);
  const timer = new Promise((resolve) => setTimeout(resolve, timeoutMs).unref());
  await Promise.race([quit, timer]);
  redis.disconnect();
}
