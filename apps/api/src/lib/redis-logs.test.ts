import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import { connectTestRedis, dropTestKeys, testRedisPrefix, testRedisUrl } from '../../test/redis.js';
import { createResilientCounterStore } from './counter-store.js';
import { appLogOptions } from './logger.js';
import { closeRedis, connectRedis, createRedisClient } from './redis.js';

/**
 * A Redis outage is logged with the error Redis gave (its message and code), through the app's
 * own logger and error serializer: the lines once said only "[object Object]".
 */

const redis = await connectTestRedis();
const prefix = testRedisPrefix();
const withoutRedis = redis ? '' : ` (skipped: no Redis at ${testRedisUrl})`;

afterAll(async () => {
  if (!redis) return;
  await dropTestKeys(redis, prefix);
  redis.disconnect();
});

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const log = pino(appLogOptions('info'), {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { lines, log };
}

const errorOf = (line: Record<string, unknown> | undefined) =>
  line?.err as { message: string; type: string } | undefined;

it('names why Redis cannot be reached', async () => {
  const { lines, log } = recordingLogger();
  // A port nobody listens on.
  const client = createRedisClient('redis://127.0.0.1:1');
  expect(await connectRedis(client, log, 300)).toBe(false);
  await closeRedis(client);
  const warning = lines.find((line) => String(line.msg).startsWith('redis unreachable'));
  expect(errorOf(warning)?.message).toMatch(/ECONNREFUSED/);
  expect(JSON.stringify(lines)).not.toContain('[object Object]');
});

it.skipIf(!redis)(`names the error of a failed counter command${withoutRedis}`, async () => {
  const { lines, log } = recordingLogger();
  const client = new Redis(testRedisUrl, { lazyConnect: true, enableOfflineQueue: false });
  await client.connect();
  // A key that holds no number: INCR fails while the connection is fine.
  await client.set(`${prefix}k`, 'not a number');
  const store = createResilientCounterStore(client, log, { prefix });
  expect((await store.hit('k', 60_000)).count).toBe(1);
  client.disconnect();
  const warning = lines.find((line) => String(line.msg).startsWith('redis counters failed'));
  expect(errorOf(warning)).toMatchObject({ type: 'ReplyError' });
  expect(errorOf(warning)?.message).toMatch(/not an integer/);
  expect(JSON.stringify(lines)).not.toContain('[object Object]');
});
