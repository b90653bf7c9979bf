import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { buildApp } from '../apps/api/src/app.js';
// The app's decorations (drainInFlight) are declared by the plugin that adds them.
import type {} from '../apps/api/src/plugins/in-flight.js';
import { loadConfig } from '../apps/api/src/config.js';
import { migrationsFolder } from '../apps/api/src/db/database.js';
import * as schema from '../apps/api/src/db/schema/index.js';
import { insertUser, updateUser } from '../apps/api/src/modules/auth/auth.repository.js';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.js';

/**
 * Whether an address is registered must not show in how long the answer takes
 * (docs/security.md). Each route is asked SAMPLES times for registered and SAMPLES times for
 * unknown addresses, interleaved after a warm-up, each request alone (work left from the
 * previous one is waited for first), at the production password cost; the medians should lie
 * within 1 ms of each other. Reported, not asserted: a busy machine moves wall-clock figures.
 */
const SAMPLES = Number(process.env.BENCH_TIMING_SAMPLES ?? 60);
const WARM_UP = 30;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
};

export async function benchAuthTiming() {
  const client = await PGlite.create();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent-bench-data',
      MAP_TILE_URL: 'off',
    }),
    { db },
  );
  await app.ready();
  const passwordHash = await hashPassword('timing password');
  const verified: string[] = [];
  const pending: string[] = [];
  for (let i = 0; i < SAMPLES + WARM_UP; i += 1) {
    const user = await insertUser(db, {
      name: '計測',
      email: `known-${i}@example.jp`,
      passwordHash,
    });
    await updateUser(db, user.id, { emailVerifiedAt: new Date() });
    verified.push(user.email);
    const waiting = { name: '未確認', email: `pending-${i}@example.jp`, passwordHash };
    pending.push((await insertUser(db, waiting)).email);
  }

  let clients = 0;
  async function timed(url: string, body: object): Promise<number> {
    clients += 1;
    await app.drainInFlight(10_000);
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: `/api/v2/auth${url}`,
      payload: body,
      remoteAddress: `10.77.${clients >> 8}.${clients & 255}`,
    });
    const elapsed = performance.now() - started;
    if (response.statusCode >= 300) throw new Error(`${url} answered ${response.statusCode}`);
    return elapsed;
  }

  async function compare(
    url: string,
    known: (i: number) => object,
    unknown: (i: number) => object,
  ) {
    for (let i = 0; i < WARM_UP; i += 1) {
      await timed(url, known(SAMPLES + i));
      await timed(url, unknown(SAMPLES + i));
    }
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      // Alternate which goes first, so neither always follows the other.
      const pair = [
        async () => knownMs.push(await timed(url, known(i))),
        async () => unknownMs.push(await timed(url, unknown(i))),
      ];
      if (i % 2) pair.reverse();
      for (const step of pair) await step();
    }
    const registered = median(knownMs);
    const other = median(unknownMs);
    return {
      registered_median_ms: Number(registered.toFixed(2)),
      unknown_median_ms: Number(other.toFixed(2)),
      difference_ms: Number(Math.abs(registered - other).toFixed(2)),
    };
  }

  const password = 'timing password 2';
  const registration = (email: string) => ({
    name: '計測',
    email,
    password,
    password_confirmation: password,
  });
  try {
    return {
      samples: SAMPLES,
      password_reset_request: await compare(
        '/password/reset/request',
        (i) => ({ email: verified[i] }),
        (i) => ({ email: `nobody-reset-${i}@example.jp` }),
      ),
      verification_resend: await compare(
        '/email/resend',
        (i) => ({ email: pending[i] }),
        (i) => ({ email: `nobody-resend-${i}@example.jp` }),
      ),
      registration: await compare(
        '/register',
        (i) => registration(verified[i]!),
        (i) => registration(`new-${i}@example.jp`),
      ),
    };
  } finally {
    await app.close();
    await client.close();
  }
}
