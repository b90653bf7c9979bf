import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import type { RunningServer } from './lib/server.js';
import { onBothDatabases } from './lib/seeded.js';
import type { Query } from './lib/sessions.js';

/**
 * Lists at scale: 100,000 lists (four in five public) of 10,000 members, with about 500,000
 * station items, and one reader who follows 200 members. Measures the list page's two calls
 * (the list, its items), the first and a deep page of the list timeline, and the follow
 * timeline. The server runs once to migrate, the rows are seeded with set-based SQL (one
 * INSERT … SELECT generate_series per table), and the server is started again to be measured.
 */

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const LISTS = Number(process.env.BENCH_LISTS ?? 100_000);
const MEMBERS = Math.max(10, Math.round(LISTS / 10));
const ITEMS_PER_LIST = 5;
const FOLLOWED = 200;

async function seed(query: Query) {
  await query(`
    insert into users (id, name, email, password_hash, email_verified_at, created_at)
    select gen_random_uuid(), 'リスト好き' || g, 'lists' || g || '@example.jp', 'x', now(),
           now() - g * interval '1 minute'
    from generate_series(1, ${MEMBERS}) g`);
  await query(`
    with numbered as (select id, row_number() over (order by created_at) as rn from users)
    insert into lists (id, user_id, title, description, is_public, created_at, updated_at)
    select gen_random_uuid(), m.id, '駅めぐり その' || g, '週末に回る駅', g % 5 <> 0,
           now() - g * interval '10 seconds', now() - g * interval '7 seconds'
    from generate_series(1, ${LISTS}) g join numbered m on m.rn = 1 + g % ${MEMBERS}`);
  // Consistent by construction: skip the per-row triggers (foreign keys, item_count) while
  // seeding, and set the counts in one statement afterwards.
  await query('set session_replication_role = replica');
  await query(`
    with groups as (select id, row_number() over (order by id) - 1 as rn from station_groups),
         n as (select count(*) as total from station_groups),
         numbered as (select id, row_number() over (order by id) as rn from lists)
    insert into list_items (id, list_id, position, station_group_id, note)
    select gen_random_uuid(), l.id, k, gr.id, case when k = 1 then '乗り換えに便利' else '' end
    from numbered l cross join generate_series(1, ${ITEMS_PER_LIST}) k
    join groups gr on gr.rn = (l.rn * 37 + k * 101) % (select total from n)`);
  await query('set session_replication_role = default');
  await query(`
    update lists l set item_count = c.n
    from (select list_id, count(*)::int n from list_items group by 1) c where l.id = c.list_id`);

  // The reader: a session token (stored as its hash, as the server does) and 200 follows.
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const [reader] = (
    await query(`
      insert into users (id, name, email, password_hash, email_verified_at)
      values (gen_random_uuid(), '読む人', 'reader@example.jp', 'x', now()) returning id`)
  ).rows;
  const readerId = String(reader?.id);
  await query(`
    insert into auth_tokens (id, user_id, token_hash, expires_at)
    values (gen_random_uuid(), '${readerId}', '${hash}', now() + interval '1 day')`);
  await query(`
    insert into follows (follower_id, followee_id)
    select '${readerId}', id from users where id <> '${readerId}'
    order by created_at limit ${FOLLOWED}`);
  await query('analyze');

  const [items] = (await query('select count(*)::int n from list_items')).rows;
  const sample = await query(
    'select id from lists where is_public order by hashtext(id::text) limit 2000',
  );
  return {
    items: Number(items?.n ?? 0),
    listIds: sample.rows.map((row) => String(row.id)),
    token,
  };
}

async function measure(
  server: RunningServer,
  paths: string[],
  headers: Record<string, string> = {},
) {
  let next = 0;
  const pick = () => paths[(next = (next + 7919) % paths.length)]!;
  const requests = [{ setupRequest: (r: object) => ({ ...r, path: pick(), headers }) }];
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

/** The cursor of a page deep in the timeline (the 50th page of 20), read through the API. */
async function deepCursor(server: RunningServer): Promise<string> {
  let cursor = '';
  for (let page = 0; page < 50; page += 1) {
    const response = await fetch(
      `${server.url}/api/v2/timeline/lists?limit=20${cursor ? `&cursor=${cursor}` : ''}`,
    );
    const body = (await response.json()) as { data: { next_cursor: string | null } };
    cursor = body.data.next_cursor ?? cursor;
  }
  return cursor;
}

async function measureAll(server: RunningServer, seeded: Awaited<ReturnType<typeof seed>>) {
  const cursor = await deepCursor(server);
  return {
    lists: LISTS,
    list_items: seeded.items,
    list_detail: await measure(
      server,
      seeded.listIds.map((id) => `/api/v2/lists/${id}`),
    ),
    list_items_call: await measure(
      server,
      seeded.listIds.map((id) => `/api/v2/lists/${id}/items`),
    ),
    timeline_first_page: await measure(server, ['/api/v2/timeline/lists?scope=all&limit=20']),
    timeline_page_50: await measure(server, [
      `/api/v2/timeline/lists?scope=all&limit=20&cursor=${cursor}`,
    ]),
    timeline_follow: await measure(server, ['/api/v2/timeline/lists?scope=follow&limit=20'], {
      authorization: `Bearer ${seeded.token}`,
    }),
  };
}

export function benchLists(postgresUrl: string | undefined) {
  return onBothDatabases(postgresUrl, { name: 'lists', seed, measure: measureAll });
}
