import autocannon from 'autocannon';
import type { RunningServer } from './lib/server.js';
import { onBothDatabases } from './lib/seeded.js';
import type { Query } from './lib/sessions.js';

/**
 * People at scale: 100,000 members with Japanese names and about 1,000,000 follows (a few
 * members are followed by many, as on any social site). Measures the profile, the first
 * page of followers, the name search and the directory. The server runs once to migrate,
 * the rows are seeded with SQL, and the server is started again to be measured.
 */

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const FOLLOWS = Number(process.env.BENCH_FOLLOWS ?? 1_000_000);

const FAMILY = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤'];
const GIVEN = ['太郎', '花子', '翔太', 'さくら', 'ゆうき', 'みなと', 'Ken', 'Aoi', '大輔', '美咲'];
/** Searches people type: common family names, kana, Latin of either case, one kanji, rare. */
const SEARCHES = ['田中', 'さくら', 'ken', 'AOI', '山', '鈴木翔太', '渡辺みなと12', '中村美咲4567'];

async function seed(query: Query) {
  const list = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;
  await query(`
    insert into users (id, name, email, password_hash, email_verified_at, created_at)
    select gen_random_uuid(),
           (${list(FAMILY)})[1 + g % 10] || (${list(GIVEN)})[1 + (g / 10) % 10] || g,
           'people' || g || '@example.jp', 'x', now(), now() - g * interval '1 minute'
    from generate_series(1, ${USERS}) g`);
  // The rows are consistent by construction: skip the per-row foreign-key triggers, which
  // would make PGlite take many minutes over a million rows.
  await query('set session_replication_role = replica');
  // Followers by a skewed pick: the first members are followed by thousands. Members are
  // joined by number, not picked out of an array (which would be copied for every row).
  await query(`
    with numbered as (select id, row_number() over (order by created_at desc) as rn from users),
         pairs as (
           select g, 1 + (g::bigint * 7919) % ${USERS} as a,
                  1 + floor(${USERS} * power(random(), 3))::int % ${USERS} as b
           from generate_series(1, ${Math.round(FOLLOWS * 1.15)}) g)
    insert into follows (follower_id, followee_id, created_at)
    select fa.id, fb.id, now() - (p.g % 100000) * interval '1 second'
    from pairs p join numbered fa on fa.rn = p.a join numbered fb on fb.rn = p.b
    where p.a <> p.b
    on conflict do nothing`);
  await query('set session_replication_role = default');
  await query(`
    update users u set follower_count = c.n
    from (select followee_id, count(*)::int n from follows group by 1) c
    where u.id = c.followee_id`);
  await query(`
    update users u set following_count = c.n
    from (select follower_id, count(*)::int n from follows group by 1) c
    where u.id = c.follower_id`);
  await query('analyze');
  const [follows] = (await query('select count(*)::int n from follows')).rows;
  const popular = await query('select id from users order by follower_count desc limit 1000');
  const sample = await query(`select id from users order by hashtext(id::text) limit 2000`);
  return {
    follows: Number(follows?.n ?? 0),
    popularIds: popular.rows.map((row) => String(row.id)),
    sampleIds: sample.rows.map((row) => String(row.id)),
  };
}

async function measure(server: RunningServer, paths: string[]) {
  let next = 0;
  const pick = () => paths[(next = (next + 7919) % paths.length)]!;
  const requests = [{ setupRequest: (r: object) => ({ ...r, path: pick() }) }];
  await autocannon({ url: server.url, connections: 4, duration: 2, requests });
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests,
  });
  return {
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function measureAll(server: RunningServer, seeded: Awaited<ReturnType<typeof seed>>) {
  const profiles = [...seeded.popularIds.slice(0, 200), ...seeded.sampleIds];
  return {
    users: USERS,
    follows: seeded.follows,
    profile: await measure(
      server,
      profiles.map((id) => `/api/v2/users/${id}`),
    ),
    // The most-followed members: their follower lists are the longest.
    follower_list: await measure(
      server,
      seeded.popularIds.map((id) => `/api/v2/users/${id}/followers?limit=20`),
    ),
    user_search: await measure(
      server,
      SEARCHES.map((q) => `/api/v2/users?q=${encodeURIComponent(q)}&limit=20`),
    ),
    directory: await measure(server, ['/api/v2/users?limit=20']),
  };
}

export function benchPeople(postgresUrl: string | undefined) {
  return onBothDatabases(postgresUrl, { name: 'people', seed, measure: measureAll });
}
