import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { measureLoadApart } from './lib/load.js';
import { createScratchDatabase } from './lib/postgres.js';
import { startServer, type RunningServer } from './lib/server.js';
import { createSessions, idsOf, seedUsers, sequentialLatency, type Query } from './lib/sessions.js';

/**
 * Notifications at scale, on one server process:
 * - the list (`GET /notifications`) of a member with 10,000 notifications, and the unread count;
 * - 1,000 open event streams: the server's memory per stream;
 * - the time from a like (POST) to its event on the owner's stream, with the 1,000 streams open;
 * - a post by a member with 10,000 followers: the request's time, and the background fan-out's.
 */

/** The load the list is held to (docs/benchmarks.md#notifications): 50 members reading at once. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const USERS = 12_000;
const NOTIFICATIONS = 10_000;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const LIKES = 100;
const FOLLOWERS = 10_000;

/** Member 1 owns 200 posts and 10,000 notifications; member 2 has 10,000 followers. */
async function seed(query: Query) {
  await seedUsers(query, USERS, 'notify');
  await query('set session_replication_role = replica');
  await query(`
    insert into posts (id, user_id, kind, title, created_at, updated_at)
    select gen_random_uuid(), u.id, 'spot', '通知のベンチ' || g, now() - g * interval '1 hour', now()
    from generate_series(1, 200) g join numbered u on u.rn = 1`);
  await query(`create temporary table owned as
    select id, row_number() over (order by created_at desc) as pn from posts`);
  await query(`
    insert into notifications (id, user_id, actor_id, type, target_key, post_id, read_at, created_at)
    select gen_random_uuid(), o.id, a.id, (array['like','want','comment'])[1 + g % 3]::notification_type,
           p.id::text, p.id, case when g > 200 then now() end, now() - g * interval '1 minute'
    from generate_series(1, ${NOTIFICATIONS}) g
    join numbered o on o.rn = 1
    join owned p on p.pn = 1 + g % 200
    join numbered a on a.rn = 3 + (g / 200) % (${USERS} - 3)`);
  await query(`
    insert into follows (follower_id, followee_id)
    select f.id, a.id from numbered a join numbered f on f.rn between 3 and ${FOLLOWERS + 2}
    where a.rn = 2`);
  await query('set session_replication_role = default');
  await query(
    `update users set follower_count = ${FOLLOWERS} where id = (select id from numbered where rn = 2)`,
  );
  await query('analyze');
  const ids = await idsOf(query, 1, 2 + STREAMS + LIKES);
  const tokens = await createSessions(query, ids);
  const firstPost = (await query('select id from owned where pn = 1')).rows[0]?.id;
  return { tokens, postId: String(firstPost) };
}

async function measure(server: RunningServer, url: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  // Warm up at the measured load: the first seconds after start-up (compiling, the first reads
  // of each table, the collection of start-up garbage) are not the steady state measured here.
  const load = { connections: CONNECTIONS, headers };
  await measureLoadApart(`${server.url}${url}`, { ...load, durationS: 3 });
  return {
    single_reader: await sequentialLatency(`${server.url}${url}`, token),
    ...(await measureLoadApart(`${server.url}${url}`, { ...load, durationS: DURATION_S })),
  };
}

async function rssKiB(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** Opens a stream; `onEvent` sees each event's name. Resolves once the first `unread` came. */
function openStream(url: string, token: string, onEvent: (name: string) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`stream: ${res.statusCode}`));
        res.setEncoding('utf8');
        let opened = false;
        res.on('data', (chunk: string) => {
          for (const match of chunk.matchAll(/^event: (\w+)$/gm)) {
            if (match[1] === 'unread' && !opened) {
              opened = true;
              resolve(request);
            }
            onEvent(match[1]!);
          }
        });
      },
    );
    request.on('error', reject);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) /
    10
  );
};

async function measureAll(
  server: RunningServer,
  seeded: Awaited<ReturnType<typeof seed>>,
  countFanOut: (postId: string) => Promise<number | null>,
) {
  const [owner, author] = seeded.tokens;
  const list = await measure(server, '/api/v2/notifications?limit=20', owner!);
  const unread = await measure(server, '/api/v2/notifications/unread-count', owner!);

  // 1,000 streams of other members, then the owner's.
  const streamUrl = `${server.url}/api/v2/notifications/stream`;
  const before = await rssKiB(server.pid);
  const open: http.ClientRequest[] = [];
  const holders = seeded.tokens.slice(2, 2 + STREAMS);
  for (let i = 0; i < holders.length; i += 50)
    open.push(
      ...(await Promise.all(
        holders.slice(i, i + 50).map((t) => openStream(streamUrl, t, () => {})),
      )),
    );
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = await rssKiB(server.pid);

  let waiting: (() => void) | null = null;
  open.push(
    await openStream(streamUrl, owner!, (name) => {
      if (name === 'notification') waiting?.();
    }),
  );
  const delays: number[] = [];
  for (const liker of seeded.tokens.slice(2 + STREAMS, 2 + STREAMS + LIKES)) {
    const started = performance.now();
    const arrived = new Promise<void>((resolve) => (waiting = resolve));
    const response = await fetch(`${server.url}/api/v2/posts/${seeded.postId}/like`, {
      method: 'POST',
      headers: { authorization: `Bearer ${liker}` },
    });
    if (!response.ok) throw new Error(`like: ${response.status}`);
    await arrived;
    delays.push(performance.now() - started);
  }
  for (const request of open) request.destroy();

  // Posts by the member with 10,000 followers and by one with none (member 1): the request's
  // time should not depend on the followers; the fan-out runs after it.
  const createPost = async (token: string) => {
    const form = new FormData();
    form.set('kind', 'spot');
    form.set('title', 'フォロワーのベンチ');
    form.set('lat', '35.6809');
    form.set('lng', '139.7665');
    const started = performance.now();
    const response = await fetch(`${server.url}/api/v2/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (response.status !== 201) throw new Error(`post: ${response.status}`);
    const id = ((await response.json()) as { data: { id: string } }).data.id;
    return { id, ms: performance.now() - started };
  };
  const withoutFollowers: number[] = [];
  const withFollowers: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    withoutFollowers.push((await createPost(owner!)).ms);
    withFollowers.push((await createPost(author!)).ms);
  }
  const postStarted = performance.now();
  const { id: postId, ms: postMs } = await createPost(author!);
  withFollowers.push(postMs);
  let fanOutMs: number | null = null;
  for (let waited = 0; waited < 60_000; waited += 100) {
    const count = await countFanOut(postId);
    if (count === null) break;
    if (count >= FOLLOWERS) {
      fanOutMs = Math.round(performance.now() - postStarted);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    notifications: NOTIFICATIONS,
    list_first_page: list,
    unread_count: unread,
    streams: {
      open: STREAMS,
      rss_before_mib: Math.round(before / 1024),
      rss_after_mib: Math.round(after / 1024),
      kib_per_stream: Math.round(((after - before) / STREAMS) * 10) / 10,
    },
    like_to_event_ms: {
      samples: delays.length,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
    },
    create_post_ms: {
      author_without_followers_p50: percentile(withoutFollowers, 50),
      author_with_10000_followers_p50: percentile(withFollowers, 50),
      fan_out_done_after_ms: fanOutMs,
    },
  };
}

async function benchPostgres(postgresUrl: string) {
  const scratch = await createScratchDatabase(
    postgresUrl,
    `ekispot_bench_notifications_${process.pid}`,
  );
  try {
    await (await startServer({ databaseUrl: scratch.url })).stop();
    const client = new pg.Client({ connectionString: scratch.url });
    // Dropping the scratch database ends this connection; that must not hide a real error.
    client.on('error', () => {});
    await client.connect();
    const seeded = await seed((sql) => client.query(sql));
    const server = await startServer({ databaseUrl: scratch.url });
    try {
      return await measureAll(server, seeded, async (postId) => {
        const result = await client.query(
          `select count(*)::int n from notifications where post_id = $1 and type = 'followed_post'`,
          [postId],
        );
        return Number(result.rows[0]?.n ?? 0);
      });
    } finally {
      await server.stop();
      await client.end();
    }
  } finally {
    await scratch.drop();
  }
}

/** The embedded database is held by the server: the fan-out is timed on PostgreSQL only. */
async function benchPglite() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-bench-notifications-'));
  try {
    await (await startServer({ dataDir })).stop();
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pg') });
    const seeded = await seed((sql) => client.query(sql));
    await client.close();
    const server = await startServer({ dataDir });
    try {
      return await measureAll(server, seeded, async () => null);
    } finally {
      await server.stop();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchNotifications(postgresUrl: string | undefined) {
  const postgres = postgresUrl ? await benchPostgres(postgresUrl) : undefined;
  if (postgres) console.error(JSON.stringify({ notifications_postgres: postgres }));
  const pglite = process.env.BENCH_SKIP_PGLITE === '1' ? undefined : await benchPglite();
  if (pglite) console.error(JSON.stringify({ notifications_pglite: pglite }));
  return { ...(postgres ? { postgres } : {}), ...(pglite ? { pglite } : {}) };
}
