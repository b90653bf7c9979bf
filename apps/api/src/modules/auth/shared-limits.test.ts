import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase } from '../../../test/test-app.js';
import { serverSecrets } from '../../db/schema/index.js';
import { ADDRESS_KEY_SECRET, addressKeyWith } from '../../lib/address-key.js';
import {
  anotherTestClient,
  connectTestRedis,
  dropTestKeys,
  testRedisPrefix,
} from '../../../test/redis.js';

/**
 * Two instances of the app (each with its own Redis connection, as two processes have) on
 * one database and one Redis: the login limits are counted once for both.
 */
const redis = await connectTestRedis();
const prefix = testRedisPrefix();
const origin = 'http://localhost:3000';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let one: Awaited<ReturnType<typeof createTestApp>>;
let two: Awaited<ReturnType<typeof createTestApp>>;
const clients: Redis[] = [];

beforeAll(async () => {
  if (!redis) return;
  database = await createTestDatabase();
  for (let i = 0; i < 2; i += 1) clients.push(await anotherTestClient(redis));
  const env = { PUBLIC_URL: origin, REDIS_KEY_PREFIX: prefix };
  one = await createTestApp(env, { database, redis: clients[0] });
  two = await createTestApp(env, { database, redis: clients[1] });
});

afterAll(async () => {
  if (!redis) return;
  await one?.close();
  await two?.close();
  await database?.close();
  for (const client of clients) client.disconnect();
  await dropTestKeys(redis, prefix);
  redis.disconnect();
});

function login(app: typeof one, email: string, remoteAddress: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { email, password: 'wrong password' },
    headers: { origin },
    remoteAddress,
  });
}

describe.skipIf(!redis)('limits shared by two instances through Redis', () => {
  it('counts login attempts per IP once over both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const instance = i % 2 ? two : one;
      statuses.push((await login(instance, `someone${i}@example.jp`, '198.51.100.7')).statusCode);
    }
    // 30 allowed in all (15 through each), the 31st refused whichever instance gets it.
    expect(statuses.slice(0, 30).every((status) => status === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await login(two, 'again@example.jp', '198.51.100.7')).statusCode).toBe(429);
    expect((await login(one, 'again@example.jp', '198.51.100.7')).statusCode).toBe(429);
    // Another address is untouched.
    expect((await login(one, 'again@example.jp', '198.51.100.8')).statusCode).toBe(422);
    // The counts are in Redis under this run's prefix.
    expect((await redis!.keys(`${prefix}*`)).length).toBeGreaterThan(0);
  });

  it('counts failed logins per account and client once over both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const instance = i % 2 ? two : one;
      statuses.push((await login(instance, 'target@example.jp', '192.0.2.50')).statusCode);
    }
    // 10 failures in all (5 through each) lock that client out of that account on both.
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('keeps no e-mail address in Redis: counters of an address are keyed by its hash', async () => {
    await login(one, 'private.person@example.jp', '192.0.2.60');
    const forgot = await one.app.inject({
      method: 'POST',
      url: '/api/v2/auth/password/reset/request',
      payload: { email: 'private.person@example.jp' },
      headers: { origin },
      remoteAddress: '192.0.2.60',
    });
    expect(forgot.statusCode).toBe(200);
    const keys = await redis!.keys(`${prefix}*`);
    expect(keys.some((key) => key.includes('login-fail:'))).toBe(true);
    expect(keys.some((key) => key.includes('mail:to:'))).toBe(true);
    expect(keys.filter((key) => /@|private/.test(key))).toEqual([]);
    // Nor a plain hash of it, which anyone with a list of addresses could match: a keyed one,
    // under the secret both instances read from the database.
    const plain = createHash('sha256')
      .update('private.person@example.jp')
      .digest('base64url')
      .slice(0, 22);
    expect(keys.filter((key) => key.includes(plain))).toEqual([]);
    const [stored] = await database.db
      .select()
      .from(serverSecrets)
      .where(eq(serverSecrets.name, ADDRESS_KEY_SECRET));
    const keyed = addressKeyWith(Buffer.from(stored!.value, 'base64url'))(
      'private.person@example.jp',
    );
    expect(Buffer.from(stored!.value, 'base64url')).toHaveLength(32);
    expect(keys.filter((key) => key.includes(keyed)).length).toBe(3);
  });
});
