import autocannon from 'autocannon';
import type { RunningServer } from './lib/server.js';
import { onBothDatabases } from './lib/seeded.js';
import { createSessions, idsOf, seedUsers, sequentialLatency, type Query } from './lib/sessions.js';

/**
 * The follow timeline at scale: a member following 500 people, with 1,000,000 posts in the
 * database by 20,000 members. Measures the first page and a deep page (after 10 pages) of
 * `scope=follow`, and the first page of `scope=all`. The rows are seeded with SQL
 * (generate_series) while the server is stopped, then the server is started to be measured.
 */

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const USERS = Number(process.env.BENCH_TIMELINE_USERS ?? 20_000);
const POSTS = Number(process.env.BENCH_TIMELINE_POSTS ?? 1_000_000);
const FOLLOWING = 500;

async function seed(query: Query) {
  await seedUsers(query, USERS, 'timeline');
  // Consistent by construction: skip the per-row foreign-key triggers (PGlite would take minutes).
  await query('set session_replication_role = replica');
  await query(`
    insert into posts (id, user_id, kind, title, created_at, updated_at)
    select gen_random_uuid(), u.id, (array['spot','event','image'])[1 + g % 3]::post_kind,
           '投稿' || g, now() - g * interval '1 second', now()
    from generate_series(1, ${POSTS}) g
    join numbered u on u.rn = 1 + (g::bigint * 7919) % ${USERS}`);
  // Member 1 follows 500 members spread over the whole range.
  await query(`
    insert into follows (follower_id, followee_id)
    select v.id, u.id from numbered v
    cross join generate_series(0, ${FOLLOWING - 1}) s
    join numbered u on u.rn = 2 + (s * 37) % (${USERS} - 1)
    where v.rn = 1
    on conflict do nothing`);
  await query('set session_replication_role = default');
  await query('analyze');
  const [viewer] = await idsOf(query, 1, 1);
  const [token] = await createSessions(query, [viewer!]);
  const [counts] = (
    await query(
      `select (select count(*) from posts)::int as posts, (select count(*) from follows)::int as follows`,
    )
  ).rows;
  return { token: token!, posts: Number(counts?.posts), follows: Number(counts?.follows) };
}

async function measure(server: RunningServer, url: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  await autocannon({ url: `${server.url}${url}`, connections: 4, duration: 2, headers });
  const result = await autocannon({
    url: `${server.url}${url}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
  });
  return {
    single_reader: await sequentialLatency(`${server.url}${url}`, token),
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function cursorAfterPages(server: RunningServer, token: string, pages: number) {
  let cursor = '';
  for (let i = 0; i < pages; i += 1) {
    const response = await fetch(
      `${server.url}/api/v2/timeline/posts?scope=follow&limit=20${cursor ? `&cursor=${cursor}` : ''}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    cursor = ((await response.json()) as { data: { next_cursor: string } }).data.next_cursor;
  }
  return cursor;
}

async function measureAll(server: RunningServer, seeded: Awaited<ReturnType<typeof seed>>) {
  const deep = await cursorAfterPages(server, seeded.token, 10);
  return {
    posts: seeded.posts,
    following: seeded.follows,
    follow_first_page: await measure(
      server,
      '/api/v2/timeline/posts?scope=follow&limit=20',
      seeded.token,
    ),
    follow_page_11: await measure(
      server,
      `/api/v2/timeline/posts?scope=follow&limit=20&cursor=${deep}`,
      seeded.token,
    ),
    follow_spots_only: await measure(
      server,
      '/api/v2/timeline/posts?scope=follow&kinds=spot&limit=20',
      seeded.token,
    ),
    all_first_page: await measure(
      server,
      '/api/v2/timeline/posts?scope=all&limit=20',
      seeded.token,
    ),
  };
}

export function benchTimeline(postgresUrl: string | undefined) {
  return onBothDatabases(postgresUrl, { name: 'timeline', seed, measure: measureAll });
}
