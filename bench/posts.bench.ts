import zlib from 'node:zlib';
import { measureLoad } from './lib/load.js';
import type { RunningServer } from './lib/server.js';
import { onBothDatabases } from './lib/seeded.js';
import type { Query } from './lib/sessions.js';

/**
 * Post detail and map-marker latency with a few thousand posts. The server is started once
 * to migrate and import stations, the posts are seeded with SQL, and the server is started
 * again to be measured (PGlite allows one process per folder, so seeding cannot overlap).
 */

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const POSTS = Number(process.env.BENCH_POSTS ?? 5000);
const USERS = 200;

/** Posts around real stations (a third each spots, events, photos), with likes, comments and photos. */
export async function seedPosts(
  query: Query,
  count = POSTS,
  /** Photos, likes and comments too (false: the posts alone, as the map needs). */
  reactions = true,
): Promise<{ postIds: string[]; centers: [number, number][] }> {
  await query(`
    insert into users (id, name, email, password_hash, email_verified_at)
    select gen_random_uuid(), 'ベンチ会員' || g, 'bench' || g || '@example.jp', 'x', now()
    from generate_series(1, ${USERS}) g`);
  await query(`
    with u as (select array_agg(id) ids from users),
         sg as (select array_agg(id order by id) ids from station_groups)
    insert into posts (id, user_id, kind, title, body, station_group_id, lat, lng,
                       starts_at, ends_at, created_at, updated_at)
    select gen_random_uuid(), u.ids[1 + g % ${USERS}],
           (array['spot', 'event', 'image'])[1 + g % 3]::post_kind,
           'ベンチ投稿 ' || g, repeat('駅前の様子です。', 1 + g % 20),
           s.id,
           case when g % 3 = 2 then null else s.lat + (random() - 0.5) * 0.02 end,
           case when g % 3 = 2 then null else s.lng + (random() - 0.5) * 0.02 end,
           case when g % 3 = 1 then now() + ((g % 60) - 30) * interval '1 day' end,
           case when g % 3 = 1 then now() + ((g % 60) - 29) * interval '1 day' end,
           now() - g * interval '1 minute', now()
    from generate_series(1, ${count}) g cross join u cross join sg
    join station_groups s on s.id = sg.ids[1 + (g * 7919) % array_length(sg.ids, 1)]`);
  if (reactions) {
    await query(`
      insert into images (id, owner_id, mime_type, storage_key, width, height, byte_size,
                          thumb_storage_key, thumb_width, thumb_height)
      select gen_random_uuid(), p.user_id, 'image/webp', 'bench/' || p.id || '-' || n || '.webp',
             2048, 1536, 400000, 'bench/' || p.id || '-' || n || '.thumb.webp', 480, 360
      from posts p, generate_series(0, 2) n where p.kind = 'image'`);
    await query(`
      insert into post_images (post_id, image_id, position)
      select p.id, i.id, (row_number() over (partition by p.id order by i.storage_key) - 1)::smallint
      from posts p join images i on i.storage_key like 'bench/' || p.id || '-%'`);
    await query(`
      insert into likes (post_id, user_id)
      select p.id, u.id from posts p join users u on (hashtext(p.id::text || u.id::text) % 40) = 0
      on conflict do nothing`);
    await query(`
      insert into comments (id, post_id, user_id, body)
      select gen_random_uuid(), p.id, u.id, 'いい写真ですね！'
      from posts p join users u on (hashtext(u.id::text || p.id::text) % 100) = 0`);
    await query(`
      update posts set
        like_count = (select count(*) from likes where likes.post_id = posts.id),
        comment_count = (select count(*) from comments where comments.post_id = posts.id)`);
  }
  await query('analyze');
  const ids = await query('select id from posts order by id');
  const centers = await query(
    'select lat, lng from station_groups order by id limit 500 offset 1000',
  );
  return {
    postIds: ids.rows.map((row) => String(row.id)),
    centers: centers.rows.map((row) => [Number(row.lng), Number(row.lat)]),
  };
}

function measure(server: RunningServer, paths: string[]) {
  return measureLoad(server.url, paths, { connections: CONNECTIONS, durationS: DURATION_S });
}

/** How many markers a whole-Japan view gets, and their size as JSON and with brotli. */
async function markerPayload(server: RunningServer, url: string) {
  const text = await (await fetch(`${server.url}${url}`)).text();
  const body = JSON.parse(text) as { data: { items: unknown[]; truncated: boolean } };
  return {
    items: body.data.items.length,
    truncated: body.data.truncated,
    json_bytes: Buffer.byteLength(text),
    brotli_bytes: zlib.brotliCompressSync(text, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    }).length,
  };
}

async function measureAll(server: RunningServer, seeded: Awaited<ReturnType<typeof seedPosts>>) {
  // City-sized boxes (about zoom 12) around many different stations.
  const cityBoxes = seeded.centers.map(
    ([lng, lat]) =>
      `/api/v2/map/markers?bbox=${lng - 0.06},${lat - 0.04},${lng + 0.06},${lat + 0.04}&zoom=12&kinds=spot,event`,
  );
  const japan = '/api/v2/map/markers?bbox=122,20,154,46&zoom=5&kinds=spot,event';
  return {
    posts: POSTS,
    post_detail: await measure(
      server,
      seeded.postIds.map((id) => `/api/v2/posts/${id}`),
    ),
    map_markers_city: await measure(server, cityBoxes),
    map_markers_japan: {
      ...(await measure(server, [japan])),
      ...(await markerPayload(server, japan)),
    },
  };
}

export function benchPosts(postgresUrl: string | undefined) {
  return onBothDatabases(postgresUrl, { name: 'posts', seed: seedPosts, measure: measureAll });
}
