import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { createScratchDatabase } from './lib/postgres.js';
import { startServer, type RunningServer } from './lib/server.js';

/**
 * Rankings and check-ins at scale (docs/rankings.md, docs/stamps.md): 100,000 members whose posts
 * received 5,000,000 reactions, spread the way attention is (a few members get most of it), kept
 * as the per-member period scores the app maintains (this and the previous week and month, and
 * all time, for both boards: about a million rows), seeded with generate_series. Measures the
 * first page of each board and period, the page with the signed-in member's own row (a deep rank
 * for most members), and accepted check-ins, each by a different member.
 */

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const REACTIONS = Number(process.env.BENCH_REACTIONS ?? 5_000_000);
const SIGNED_IN = 3_000;
/** Reactions per member fall off as 1 / rank^0.8. */
const SKEW = 0.8;
const TOKYO = 1130101;

type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

function japanDate(at: Date, days = 0) {
  return new Date(at.getTime() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Japan dates of this and the previous week (Mondays) and month (1sts). */
function periodStarts(now = new Date()) {
  const wall = new Date(now.getTime() + 9 * 3_600_000);
  const sinceMonday = (wall.getUTCDay() + 6) % 7;
  const week = japanDate(now, -sinceMonday);
  const previousWeek = japanDate(now, -sinceMonday - 7);
  const month = `${japanDate(now).slice(0, 7)}-01`;
  const first = new Date(`${month}T00:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - 1);
  return { week, previousWeek, month, previousMonth: first.toISOString().slice(0, 10) };
}

async function seed(query: Query) {
  let norm = 0;
  for (let k = 1; k <= USERS; k += 1) norm += k ** -SKEW;
  const scale = REACTIONS / norm;
  const p = periodStarts();
  await query(`
    insert into users (id, name, email, password_hash, email_verified_at, created_at)
    select gen_random_uuid(), '鉄道ファン' || g, 'rank' || g || '@example.jp', 'x', now(),
           now() - g * interval '1 minute'
    from generate_series(1, ${USERS}) g
    on conflict do nothing`);
  await query('set session_replication_role = replica');
  // Member k received r(k) reactions; a share of them this week, this month, and in the
  // previous ones (varied per member, so ranks move between periods). Points per reaction
  // average 1.6 (likes, wants, comments and followers mixed); a post for every 40 reactions.
  await query(`
    with members as (
      select id, row_number() over (order by created_at desc) as k from users),
    reach as (
      select id, floor(${scale} * power(k, -${SKEW}))::int as r, hashtext(id::text) as h
      from members),
    shares(period, starts_on, share) as (values
      ('all', '1970-01-01'::date, 1.0),
      ('month', '${p.month}'::date, 0.10),
      ('month', '${p.previousMonth}'::date, 0.09),
      ('week', '${p.week}'::date, 0.025),
      ('week', '${p.previousWeek}'::date, 0.022)),
    boards(board, per) as (values ('impact', 1.6), ('posts', 0.025))
    insert into ranking_scores (board, period, starts_on, user_id, score, achieved_at)
    select b.board, s.period, s.starts_on, r.id,
           greatest(0, round(r.r * b.per * s.share * (0.6 + 0.8 * (abs(r.h) % 1000) / 1000.0)))::int,
           now() - (abs(r.h) % 600000) * interval '1 second'
    from reach r cross join shares s cross join boards b
    on conflict do nothing`);
  await query(`
    insert into auth_tokens (id, user_id, token_hash, expires_at)
    select gen_random_uuid(), id, encode(sha256(('bench-token-' || lpad(k::text, 12, '0'))::bytea), 'hex'), now() + interval '30 days'
    from (select id, row_number() over (order by hashtext(id::text)) as k from users) m
    where k <= ${SIGNED_IN}
    on conflict do nothing`);
  await query('set session_replication_role = default');
  // As autovacuum would after a bulk load: counts of ranks read the index alone.
  await query('vacuum analyze');
  const [rows] = (await query('select count(*)::int n from ranking_scores')).rows;
  return { scoreRows: Number(rows?.n ?? 0) };
}

type Request = {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

async function measure(
  server: RunningServer,
  make: (i: number) => Request,
  options: { amount?: number; connections?: number } = {},
) {
  const { amount, connections = CONNECTIONS } = options;
  let next = 0;
  const requests = [{ setupRequest: (r: object) => ({ ...r, ...make(next++) }) }];
  if (!amount) await autocannon({ url: server.url, connections: 4, duration: 2, requests });
  const result = await autocannon({
    url: server.url,
    connections,
    ...(amount ? { amount } : { duration: DURATION_S }),
    requests,
  });
  return {
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Session tokens are 20 characters or more (`bearerToken` in apps/api/src/lib/auth-token.ts). */
const bearer = (i: number) => ({
  authorization: `Bearer bench-token-${String(1 + (i % SIGNED_IN)).padStart(12, '0')}`,
});

async function measureAll(server: RunningServer, seeded: Awaited<ReturnType<typeof seed>>) {
  const result: Record<string, unknown> = { users: USERS, reactions: REACTIONS, ...seeded };
  for (const board of ['impact', 'posts'] as const) {
    for (const period of ['week', 'month', 'all'] as const) {
      result[`${board}_${period}_first_page`] = await measure(server, () => ({
        path: `/api/v2/rankings/${board}?period=${period}&limit=20`,
      }));
    }
  }
  // Signed in: the page plus the member's own rank (most members rank deep down).
  result.impact_week_with_own_row = await measure(server, (i) => ({
    path: '/api/v2/rankings/impact?period=week&limit=20',
    headers: bearer(i * 7919),
  }));
  result.impact_all_with_own_row = await measure(server, (i) => ({
    path: '/api/v2/rankings/impact?period=all&limit=20',
    headers: bearer(i * 7919),
  }));
  // Each signed-in member stamps 東京駅 once: every check-in is an accepted one.
  result.check_in = await measure(
    server,
    (i) => ({
      method: 'POST',
      path: `/api/v2/stations/${TOKYO}/stamp`,
      headers: { ...bearer(i), 'content-type': 'application/json' },
      body: JSON.stringify({ lat: 35.6812, lng: 139.7664, accuracy_m: 15 }),
    }),
    { amount: SIGNED_IN },
  );
  // One request at a time: the time a request takes, without waiting behind the others.
  for (const [name, make] of [
    ['impact_week_first_page', () => ({ path: '/api/v2/rankings/impact?period=week&limit=20' })],
    ['impact_all_first_page', () => ({ path: '/api/v2/rankings/impact?period=all&limit=20' })],
    ['posts_week_first_page', () => ({ path: '/api/v2/rankings/posts?period=week&limit=20' })],
    [
      'impact_week_with_own_row',
      (i: number) => ({
        path: '/api/v2/rankings/impact?period=week&limit=20',
        headers: bearer(i * 7919),
      }),
    ],
  ] as const) {
    result[`${name}_one_connection`] = await measure(server, make, { connections: 1 });
  }
  return result;
}

async function benchPglite() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-bench-rankings-'));
  try {
    await (await startServer({ dataDir })).stop();
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pg') });
    const seeded = await seed((sql) => client.query(sql));
    await client.close();
    const server = await startServer({ dataDir });
    try {
      return await measureAll(server, seeded);
    } finally {
      await server.stop();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A PostgreSQL client that reconnects and repeats a statement when its connection is ended
 * from outside (other work on a shared server may end connections); every seeding statement
 * can be repeated.
 */
function resilientQuery(url: string) {
  let client: pg.Client | null = null;
  const connect = async () => {
    const fresh = new pg.Client({ connectionString: url });
    fresh.on('error', () => {});
    await fresh.connect();
    return fresh;
  };
  const query: Query = async (sql) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        client ??= await connect();
        return await client.query(sql);
      } catch (error) {
        client?.end().catch(() => {});
        client = null;
        if (attempt >= 3) throw error;
      }
    }
  };
  return { query, end: async () => client?.end() };
}

async function benchPostgres(postgresUrl: string) {
  const scratch = await createScratchDatabase(postgresUrl, 'ekispot_bench_rankings');
  try {
    await (await startServer({ databaseUrl: scratch.url })).stop();
    const client = resilientQuery(scratch.url);
    const seeded = await seed(client.query);
    await client.end();
    const server = await startServer({ databaseUrl: scratch.url });
    try {
      return await measureAll(server, seeded);
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

/** Each side is also logged as soon as it is done: a long run keeps what it measured. */
export async function benchRankings(postgresUrl: string | undefined) {
  const postgres = postgresUrl ? await benchPostgres(postgresUrl) : undefined;
  if (postgres) console.error(JSON.stringify({ rankings_postgres: postgres }));
  // BENCH_SKIP_PGLITE=1 measures PostgreSQL alone (the embedded side takes minutes to seed).
  if (process.env.BENCH_SKIP_PGLITE === '1') return { postgres };
  const pglite = await benchPglite();
  console.error(JSON.stringify({ rankings_pglite: pglite }));
  return { ...(postgres ? { postgres } : {}), pglite };
}
