import sharp from 'sharp';
import { measureLoad, type LoadResult } from './lib/load.js';
import { onBothDatabases } from './lib/seeded.js';
import type { RunningServer } from './lib/server.js';
import { createSessions, idsOf, seedUsers } from './lib/sessions.js';

/**
 * Photo reads (docs/benchmarks.md#photos): a photo's answer depends on whether its post is shown
 * (docs/security.md#images-and-caches), so each read is one prepared query (the image with its
 * post) and, for a member, the session's lookup. 50 connections ask for the thumbnails of 40
 * photos as a visitor, as 50 members in turn, and as a visitor revalidating with the ETag (304).
 */

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const PHOTOS = 40;
const READERS = 50;

interface Seeded {
  tokens: string[];
  stationGroupId: number;
}

async function photoBytes(i: number) {
  return sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: i * 5, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
}

async function postPhotos(server: RunningServer, seeded: Seeded): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < PHOTOS; i += 1) {
    const form = new FormData();
    form.set('kind', 'image');
    form.set('station_group_id', String(seeded.stationGroupId));
    form.set('images[0]', new Blob([await photoBytes(i)], { type: 'image/jpeg' }), 'photo.jpg');
    const token = seeded.tokens[i % seeded.tokens.length]!;
    const response = await fetch(`${server.url}/api/v2/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await response.json()) as { data: { images: { id: string }[] } };
    if (response.status !== 201) throw new Error(`photo post: ${response.status}`);
    ids.push(body.data.images[0]!.id);
  }
  return ids;
}

export async function benchImages(postgresUrl: string | undefined) {
  return onBothDatabases<Seeded, Record<string, LoadResult>>(postgresUrl, {
    name: 'images',
    seed: async (query) => {
      await seedUsers(query, READERS, 'photo-reader');
      const tokens = await createSessions(query, await idsOf(query, 1, READERS));
      const [row] = (await query(`select id from station_groups where name = '東京' limit 1`))
        .rows as { id: number }[];
      return { tokens, stationGroupId: Number(row!.id) };
    },
    measure: async (server, seeded) => {
      const ids = await postPhotos(server, seeded);
      const paths = ids.map((id) => `/api/v2/image/${id}?size=thumb`);
      const first = await fetch(`${server.url}${paths[0]}`);
      const etag = first.headers.get('etag') ?? '';
      await first.arrayBuffer();
      const load = (options: Parameters<typeof measureLoad>[2]) =>
        measureLoad(server.url, paths, {
          connections: CONNECTIONS,
          durationS: DURATION_S,
          ...options,
        });
      // One pass left out: the first photos read are cold (files, code paths), whoever asks.
      await load({ durationS: 3 });
      return {
        visitor: await load({}),
        members: await load({ tokens: seeded.tokens }),
        // One photo's ETag: the 304 a browser's revalidation gets once ten minutes are up.
        revalidated: await measureLoad(server.url, [paths[0]!], {
          connections: CONNECTIONS,
          durationS: DURATION_S,
          headers: { 'if-none-match': etag },
        }),
      };
    },
  });
}
