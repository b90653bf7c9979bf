import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, updateUser } from '../../src/modules/auth/auth.repository.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { createTestApp } from '../test-app.js';

/**
 * Whether an address is registered must not show in how long the answer takes. Each route
 * is asked SAMPLES times for registered and SAMPLES times for unknown addresses, interleaved
 * after a warm-up, each request alone (work left from the previous one is waited for first);
 * the medians must lie within 1 ms of each other.
 */

const SAMPLES = 60;
const WARM_UP = 30;
const TOLERANCE_MS = 1;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const verified: string[] = [];
const pending: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const passwordHash = await hashPassword('timing password');
  for (let i = 0; i < SAMPLES + WARM_UP; i += 1) {
    const user = await insertUser(ctx.db, {
      name: '計測',
      email: `known-${i}@example.jp`,
      passwordHash,
    });
    await updateUser(ctx.db, user.id, { emailVerifiedAt: new Date() });
    verified.push(user.email);
    pending.push(
      (await insertUser(ctx.db, { name: '未確認', email: `pending-${i}@example.jp`, passwordHash }))
        .email,
    );
  }
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

let clients = 0;
async function timed(url: string, body: object): Promise<number> {
  clients += 1;
  await ctx.app.drainInFlight(10_000);
  const started = performance.now();
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v2/auth${url}`,
    payload: body,
    remoteAddress: `10.77.${clients >> 8}.${clients & 255}`,
  });
  const elapsed = performance.now() - started;
  expect(response.statusCode).toBeLessThan(300);
  return elapsed;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2
  );
};

async function compare(
  url: string,
  knownBody: (i: number) => object,
  unknownBody: (i: number) => object,
) {
  for (let i = 0; i < WARM_UP; i += 1) {
    await timed(url, knownBody(SAMPLES + i));
    await timed(url, unknownBody(SAMPLES + i));
  }
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    // Alternate which goes first, so neither always follows the other.
    if (i % 2 === 0) {
      known.push(await timed(url, knownBody(i)));
      unknown.push(await timed(url, unknownBody(i)));
    } else {
      unknown.push(await timed(url, unknownBody(i)));
      known.push(await timed(url, knownBody(i)));
    }
  }
  const result = { known: median(known), unknown: median(unknown) };
  console.info(
    `${url}: median ${result.known.toFixed(2)} ms registered, ${result.unknown.toFixed(2)} ms unknown`,
  );
  return result;
}

const password = 'timing password 2';

describe('answers that do not tell registered addresses apart', () => {
  it('password reset request', async () => {
    const { known, unknown } = await compare(
      '/password/reset/request',
      (i) => ({ email: verified[i] }),
      (i) => ({ email: `nobody-reset-${i}@example.jp` }),
    );
    expect(Math.abs(known - unknown)).toBeLessThan(TOLERANCE_MS);
  });

  it('verification resend', async () => {
    const { known, unknown } = await compare(
      '/email/resend',
      (i) => ({ email: pending[i] }),
      (i) => ({ email: `nobody-resend-${i}@example.jp` }),
    );
    expect(Math.abs(known - unknown)).toBeLessThan(TOLERANCE_MS);
  });

  it('registration', async () => {
    const body = (email: string) => ({
      name: '計測',
      email,
      password,
      password_confirmation: password,
    });
    const { known, unknown } = await compare(
      '/register',
      (i) => body(verified[i]!),
      (i) => body(`new-${i}@example.jp`),
    );
    expect(Math.abs(known - unknown)).toBeLessThan(TOLERANCE_MS);
  });
});
