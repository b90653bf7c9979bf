import { addressKeyWith } from '../../lib/address-key.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryCounterStore } from '../../lib/counter-store.js';
import { createAuthClient } from '../../../test/auth-client.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  ACCOUNT_DELAY_MAX_MS,
  CLIENT_FAILURES_MAX,
  accountDelayMs,
  createLoginThrottle,
} from './login-throttle.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createAuthClient>;
const origin = 'http://localhost:3000';
/** The slowdowns the app decided on, recorded instead of waited out. */
const waits: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin }, { wait: async (ms) => waits.push(ms) });
  client = createAuthClient(ctx, origin);
});
afterAll(async () => {
  await ctx?.close();
});

const login = (email: string, password: string, ip: string) =>
  client.post('/login', { email, password }, {}, ip);

describe('failed logins', () => {
  it('never refuse the owner because someone else failed on their account', async () => {
    const email = 'owner@example.jp';
    await client.insertMemberAndLogIn(email, 'owner password');
    const attacker = '198.51.100.66';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await login(email, `wrong ${i}`, attacker)).statusCode);
    expect(statuses.slice(0, CLIENT_FAILURES_MAX).every((status) => status === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    // The owner, on their own client, signs in at once.
    const owner = await login(email, 'owner password', '203.0.113.44');
    expect(owner.statusCode).toBe(200);
    // The attacker stays refused, even with the right password.
    expect((await login(email, 'owner password', attacker)).statusCode).toBe(429);
  });

  it('from many clients slow the account down but never lock it', async () => {
    const email = 'spread@example.jp';
    await client.insertMemberAndLogIn(email, 'spread password');
    waits.length = 0;
    for (let i = 0; i < 12; i += 1) {
      const response = await login(email, `guess ${i}`, `198.51.100.${i + 1}`);
      expect(response.statusCode).toBe(422);
    }
    // Slower after the first failures, doubling, bounded (the slowdown's own tests below).
    expect(waits).toEqual(
      Array.from({ length: 12 }, (_, failures) => accountDelayMs(failures)).filter((ms) => ms > 0),
    );
    expect((await login(email, 'spread password', '203.0.113.45')).statusCode).toBe(200);
  });

  it('forget a client once it signs in', async () => {
    const email = 'forgetful@example.jp';
    await client.insertMemberAndLogIn(email, 'forgetful password');
    for (let i = 0; i < CLIENT_FAILURES_MAX - 1; i += 1)
      await login(email, `typo ${i}`, '192.0.2.77');
    expect((await login(email, 'forgetful password', '192.0.2.77')).statusCode).toBe(200);
    for (let i = 0; i < CLIENT_FAILURES_MAX - 1; i += 1)
      expect((await login(email, `typo again ${i}`, '192.0.2.77')).statusCode).toBe(422);
  });
});

describe('the slowdown', () => {
  it('starts after a few failures, doubles, and stays bounded', () => {
    expect(accountDelayMs(0)).toBe(0);
    expect(accountDelayMs(4)).toBe(0);
    expect(accountDelayMs(5)).toBe(100);
    expect(accountDelayMs(6)).toBe(200);
    expect(accountDelayMs(1000)).toBe(ACCOUNT_DELAY_MAX_MS);
  });

  it('is applied to every client of an account under attack', async () => {
    const waits: number[] = [];
    const throttle = createLoginThrottle(createMemoryCounterStore(), {
      addressKey: addressKeyWith(Buffer.from('a test secret')),
      wait: async (ms) => void waits.push(ms),
    });
    for (let i = 0; i < 7; i += 1) await throttle.failed('a@example.jp', `10.0.0.${i}`);
    await throttle.before('a@example.jp', '10.9.9.9');
    await throttle.before('b@example.jp', '10.9.9.9');
    expect(waits).toEqual([accountDelayMs(7)]);
  });
});
