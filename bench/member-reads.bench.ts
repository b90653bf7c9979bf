import { measureLoad, type LoadResult } from './lib/load.js';
import { onBothDatabases } from './lib/seeded.js';
import type { RunningServer } from './lib/server.js';
import { createSessions, idsOf, seedUsers, type Query } from './lib/sessions.js';

/**
 * What members read most, at the size of a grown instance (docs/benchmarks.md#member-reads):
 * 10,000 members, 1,000,000 posts with likes and comments, 20,000 public lists, follows, mutes
 * and blocks, and 1,000 notifications for each of the 50 members who read. 50 connections ask
 * at once, each request as one of the 50 members in turn (or as a visitor), so the session
 * lookups and the block and mute filters are those of many members, not one kept warm.
 */

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const POSTS = Number(process.env.BENCH_MEMBER_POSTS ?? 1_000_000);
const LISTS = 20_000;
/** The members the load signs in as: each follows 200 members, mutes 10 and blocks 5. */
const READERS = 50;
const NOTIFICATIONS_EACH = 1_000;
/**
 * Likes and unlikes a second by 10 other members while the readers read (0: reads alone). Every
 * write makes the kept reads be read again (docs/timelines.md#reading), so this shows what they
 * are worth while people also write.
 */
const WRITES_PER_S = Number(process.env.BENCH_MEMBER_WRITES_PER_S ?? 0);
const WRITERS = 10;

async function seedPostsAndReactions(query: Query) {
  await query(`create temporary table groups as
    select id, row_number() over (order by id) as rn from station_groups`);
  const [{ n: groups } = { n: 1 }] = (await query('select count(*)::int as n from groups'))
    .rows as { n: number }[];
  // Consistent by construction: the per-row foreign-key triggers are skipped while seeding
  // (PGlite would take many minutes); the counters are written as the app keeps them.
  await query('set session_replication_role = replica');
  await query(`
    insert into posts (id, user_id, kind, title, body, station_group_id, created_at, updated_at,
                       like_count, comment_count)
    select gen_random_uuid(), u.id, (array['spot','event','image'])[1 + g % 3]::post_kind,
           '駅の投稿' || g, '本文' || g, s.id, now() - g * interval '10 second', now(),
           case when g <= 20000 then 2 else 0 end, case when g <= 10000 then 3 else 0 end
    from generate_series(1, ${POSTS}) g
    join numbered u on u.rn = 1 + (g::bigint * 7919) % ${MEMBERS}
    join groups s on s.rn = 1 + (g::bigint * 31) % ${groups}`);
  await query(`create temporary table recent as
    select id, row_number() over (order by created_at desc) as pn from posts
    order by created_at desc limit 20000`);
  await query('create index on recent (pn)');
  // The 20,000 newest posts have two likes each, the 10,000 newest three comments.
  await query(`
    insert into likes (post_id, user_id, created_at)
    select p.id, u.id, now() from recent p
    cross join generate_series(0, 1) k
    join numbered u on u.rn = 1 + (p.pn * 13 + k * 101) % ${MEMBERS}`);
  await query(`
    insert into comments (id, post_id, user_id, body, created_at, updated_at)
    select gen_random_uuid(), p.id, u.id, 'コメント', now(), now() from recent p
    cross join generate_series(0, 2) k
    join numbered u on u.rn = 1 + (p.pn * 17 + k * 211) % ${MEMBERS}
    where p.pn <= 10000`);
}

async function seedPeople(query: Query) {
  await query(`
    insert into follows (follower_id, followee_id)
    select r.id, u.id from numbered r cross join generate_series(1, 200) k
    join numbered u on u.rn = 1 + (r.rn * 53 + k * 47) % ${MEMBERS}
    where r.rn <= ${READERS} and u.id <> r.id on conflict do nothing`);
  await query(`
    insert into mutes (muter_id, muted_id)
    select r.id, u.id from numbered r cross join generate_series(1, 10) k
    join numbered u on u.rn = 1 + (r.rn * 59 + k * 997) % ${MEMBERS}
    where r.rn <= ${READERS} and u.id <> r.id on conflict do nothing`);
  await query(`
    insert into blocks (blocker_id, blocked_id)
    select r.id, u.id from numbered r cross join generate_series(1, 5) k
    join numbered u on u.rn = 1 + (r.rn * 61 + k * 1999) % ${MEMBERS}
    where r.rn <= ${READERS} and u.id <> r.id on conflict do nothing`);
  await query(`
    insert into lists (id, user_id, title, description, is_public, item_count, created_at, updated_at)
    select gen_random_uuid(), u.id, '駅めぐり' || g, '説明', true, 3, now(), now() - g * interval '1 minute'
    from generate_series(1, ${LISTS}) g
    join numbered u on u.rn = 1 + (g * 7) % ${MEMBERS}`);
  await query(`
    insert into list_items (id, list_id, position, station_group_id)
    select gen_random_uuid(), l.id, k, s.id
    from (select id, row_number() over (order by id) as ln from lists) l
    cross join generate_series(0, 2) k
    join groups s on s.rn = 1 + (l.ln * 3 + k) % (select count(*) from groups)`);
  await query(`
    update users u set follower_count = f.n
    from (select followee_id, count(*)::int as n from follows group by followee_id) f
    where u.id = f.followee_id`);
  await query(`
    update users u set following_count = f.n
    from (select follower_id, count(*)::int as n from follows group by follower_id) f
    where u.id = f.follower_id`);
}

/** Notifications go in with the triggers on: they keep the grouped list the API reads. */
async function seedNotifications(query: Query) {
  await query('set session_replication_role = default');
  await query(`create temporary table readers_posts as
    select p.id, p.user_id, row_number() over (partition by p.user_id order by p.created_at desc) as pn
    from posts p join numbered r on r.id = p.user_id where r.rn <= ${READERS}`);
  await query(`
    insert into notifications (id, user_id, actor_id, type, target_key, post_id, read_at, created_at)
    select gen_random_uuid(), r.id, a.id, (array['like','want','comment'])[1 + g % 3]::notification_type,
           p.id::text, p.id, case when g > 30 then now() end, now() - g * interval '37 minute'
    from numbered r cross join generate_series(1, ${NOTIFICATIONS_EACH}) g
    join readers_posts p on p.user_id = r.id and p.pn = 1 + g % 50
    join numbered a on a.rn = ${READERS} + 1 + (g * 13 + r.rn) % (${MEMBERS} - ${READERS})
    where r.rn <= ${READERS}
    on conflict do nothing`);
}

export async function seed(query: Query) {
  await seedUsers(query, MEMBERS, 'reader');
  await seedPostsAndReactions(query);
  await seedPeople(query);
  await seedNotifications(query);
  await query('analyze');
  const tokens = await createSessions(query, await idsOf(query, 1, READERS));
  const writers = await createSessions(query, await idsOf(query, READERS + 1, READERS + WRITERS));
  const liked = (await query('select id from recent where pn <= 200 order by pn')).rows.map((row) =>
    String(row.id),
  );
  const counts = (
    await query(`select (select count(*) from posts)::int as posts,
      (select count(*) from follows)::int as follows, (select count(*) from lists)::int as lists,
      (select count(*) from notifications)::int as notifications`)
  ).rows[0];
  return { tokens, writers, liked, counts };
}

/** Starts the writes of `WRITES_PER_S`; the returned function stops them and says how many. */
function startWrites(server: RunningServer, seeded: { writers: string[]; liked: string[] }) {
  if (WRITES_PER_S <= 0) return async () => ({ writes: 0, failed: 0 });
  let n = 0;
  let failed = 0;
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    n += 1;
    const writer = seeded.writers[n % seeded.writers.length]!;
    const post = seeded.liked[Math.floor(n / seeded.writers.length) % seeded.liked.length]!;
    // Each writer likes a post, then unlikes it on its next turn at that post.
    const method =
      Math.floor(n / (seeded.writers.length * seeded.liked.length)) % 2 ? 'DELETE' : 'POST';
    const write = fetch(`${server.url}/api/v2/posts/${post}/like`, {
      method,
      headers: { authorization: `Bearer ${writer}` },
    })
      .then((response) => {
        if (!response.ok) failed += 1;
      })
      .finally(() => pending.delete(write));
    pending.add(write);
  }, 1000 / WRITES_PER_S);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
    return { writes: n, failed };
  };
}

/** `path` at 50 connections; each request as the next member of `tokens` (none: a visitor). */
export function load(server: RunningServer, path: string, tokens: string[]): Promise<LoadResult> {
  return measureLoad(server.url, [path], {
    connections: CONNECTIONS,
    durationS: DURATION_S,
    tokens,
  });
}

async function measure(server: RunningServer, seeded: Awaited<ReturnType<typeof seed>>) {
  const members = seeded.tokens;
  // Each answer checked once before the load: a page of items, not an empty or failed one.
  for (const path of ['/api/v2/timeline/posts?scope=follow', '/api/v2/notifications']) {
    const response = await fetch(`${server.url}${path}`, {
      headers: { authorization: `Bearer ${members[0]}` },
    });
    const body = (await response.json()) as { data: { items: unknown[] } };
    if (!response.ok || body.data.items.length === 0) throw new Error(`${path}: no items`);
  }
  const stopWrites = startWrites(server, seeded);
  const results = {
    timeline_all_visitor: await load(server, '/api/v2/timeline/posts', []),
    timeline_all_member: await load(server, '/api/v2/timeline/posts', members),
    timeline_follow_member: await load(server, '/api/v2/timeline/posts?scope=follow', members),
    lists_all_visitor: await load(server, '/api/v2/timeline/lists', []),
    lists_all_member: await load(server, '/api/v2/timeline/lists', members),
    lists_follow_member: await load(server, '/api/v2/timeline/lists?scope=follow', members),
    notifications_member: await load(server, '/api/v2/notifications', members),
    unread_count_member: await load(server, '/api/v2/notifications/unread-count', members),
  };
  return { data: seeded.counts, writes_per_s: WRITES_PER_S, ...(await stopWrites()), ...results };
}

export function benchMemberReads(postgresUrl: string | undefined) {
  return onBothDatabases(postgresUrl, { name: 'member_reads', seed, measure });
}
