import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests use: TEST_REDIS_URL, or the local default that CI starts (.ci/run). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Unique per test file and run: parallel runs on one Redis never see each other's keys. */
export function testRedisPrefix(): string {
  return `ekispot-test:${randomUUID()}:`;
}

/**
 * A client to the test Redis, or null (with a loud notice) when there is none outside CI.
 * Under CI=true or REQUIRE_REDIS=1 a missing Redis fails the run instead.
 */
export async function connectTestRedis(): Promise<Redis | null> {
  const redis = new Redis(testRedisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    redis.disconnect();
    if (process.env.CI === 'true' || process.env.REQUIRE_REDIS === '1') throw error;
    console.warn(
      `\n*** Redis tests SKIPPED: no Redis at ${testRedisUrl} (set TEST_REDIS_URL, or start redis-server) ***\n`,
    );
    return null;
  }
}

/** Removes every key under a prefix (the end of a test file). */
export async function dropTestKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
}

/** Another connection to the same Redis (another process would have one), ready to use. */
export async function anotherTestClient(redis: Redis): Promise<Redis> {
  const client = redis.duplicate({
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: () => 50,
  });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}
