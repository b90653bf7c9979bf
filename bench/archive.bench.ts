import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import sharp from 'sharp';
import { measureLoad, type LoadResult } from './lib/load.js';
import { createScratchDatabase } from './lib/postgres.js';
import { startServer, type RunningServer } from './lib/server.js';
import { createSessions, idsOf, seedUsers, type Query } from './lib/sessions.js';

/**
 * The whole-account archive (docs/benchmarks.md#archive): a member with 1,000 posts and 500
 * photos (realistic 1600×1200 WebP, about 0.5 MB each) asks for an archive. Measured: the time
 * from asking to ready (the worker looks every 3 s), the server's memory (RSS) before and at its
 * peak while the ZIP is written, and the p99 of station and post reads by 10 connections, idle
 * and while the archive is made. Targets: ready ≤ 60 s, growth ≤ 100 MB, reads p99 ≤ 2× idle.
 */

const POSTS = Number(process.env.BENCH_ARCHIVE_POSTS ?? 1000);
const PHOTOS = Number(process.env.BENCH_ARCHIVE_PHOTOS ?? 500);
const READ_CONNECTIONS = 10;

interface Seeded {
  token: string;
  paths: string[];
}

function storageKey(id: string) {
  const hex = id.replaceAll('-', '');
  return `${hex.slice(-2)}/${hex.slice(-4, -2)}/${id}.webp`;
}

/** One photo as an upload becomes (WebP at most 2048 px), with noise so it does not compress away. */
async function photo(): Promise<Buffer> {
  const noise = Buffer.alloc(1600 * 1200 * 3);
  let seed = 42;
  for (let i = 0; i < noise.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = (seed >> 16) & 0xff;
  }
  return sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
    .blur(3)
    .webp({ quality: 82 })
    .toBuffer();
}

async function seed(query: Query, dataDir: string): Promise<Seeded> {
  await seedUsers(query, 1, 'archive-owner');
  const [userId] = await idsOf(query, 1, 1);
  const [token] = await createSessions(query, [userId!]);
  const groups = (
    await query(`select id from station_groups where not closed order by id limit 200`)
  ).rows.map((row) => Number(row.id));
  const postIds = Array.from({ length: POSTS }, () => randomUUID());
  for (let start = 0; start < POSTS; start += 500) {
    const values = postIds
      .slice(start, start + 500)
      .map(
        (id, i) =>
          `('${id}', '${userId}', 'spot', '駅前のスポット ${start + i}', '${'駅の近くの話。'.repeat(20)}', ${groups[(start + i) % groups.length]}, now() - ${start + i} * interval '1 hour')`,
      )
      .join(',');
    await query(
      `insert into posts (id, user_id, kind, title, body, station_group_id, created_at) values ${values}`,
    );
  }
  const bytes = await photo();
  const imageRows: string[] = [];
  const links: string[] = [];
  for (let i = 0; i < PHOTOS; i += 1) {
    const id = randomUUID();
    const key = storageKey(id);
    const file = path.join(dataDir, 'images', ...key.split('/'));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
    imageRows.push(
      `('${id}', '${userId}', 'image/webp', '${key}', 1600, 1200, ${bytes.length}, '${key}', 480, 360)`,
    );
    links.push(`('${postIds[i]}', '${id}', 0)`);
  }
  await query(
    `insert into images (id, owner_id, mime_type, storage_key, width, height, byte_size, thumb_storage_key, thumb_width, thumb_height) values ${imageRows.join(',')}`,
  );
  await query(`insert into post_images (post_id, image_id, position) values ${links.join(',')}`);
  const paths = [
    ...groups.slice(0, 50).map((id) => `/api/v2/stations/${id}`),
    ...postIds.slice(0, 50).map((id) => `/api/v2/posts/${id}`),
  ];
  return { token: token!, paths };
}

async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

async function measure(server: RunningServer, seeded: Seeded) {
  const reads = (durationS: number) =>
    measureLoad(server.url, seeded.paths, { connections: READ_CONNECTIONS, durationS });
  const idle: LoadResult = await reads(5);
  const auth = { authorization: `Bearer ${seeded.token}`, origin: server.url };
  const rssBefore = await rssOf(server.pid);
  let peak = rssBefore;
  const started = Date.now();
  const asked = await fetch(`${server.url}/api/v2/archives`, { method: 'POST', headers: auth });
  if (asked.status !== 202) throw new Error(`archive request: ${asked.status}`);
  let ready: { byte_size: number } | null = null;
  let readyAt = 0;
  const sampler = (async () => {
    while (!ready && Date.now() - started < 300_000) {
      peak = Math.max(peak, await rssOf(server.pid));
      const status = (await (
        await fetch(`${server.url}/api/v2/archives/current`, { headers: auth })
      ).json()) as {
        data: { archive: { status: string; byte_size: number } };
      };
      if (status.data.archive.status === 'ready') {
        ready = status.data.archive;
        readyAt = Date.now();
      }
      if (status.data.archive.status === 'failed') throw new Error('archive failed');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  // Reads while the archive is made (the first seconds are the worker's wait: 3 s at most).
  const loaded = await reads(Math.max(8, Math.min(20, POSTS / 100)));
  await sampler;
  if (!ready) throw new Error('archive not ready in 300 s');
  return {
    posts: POSTS,
    photos: PHOTOS,
    ready_s: Math.round((readyAt - started) / 100) / 10,
    archive_mb: Math.round(((ready as { byte_size: number }).byte_size / 2 ** 20) * 10) / 10,
    rss_before_mb: Math.round(rssBefore / 2 ** 20),
    rss_peak_mb: Math.round(peak / 2 ** 20),
    rss_growth_mb: Math.round((peak - rssBefore) / 2 ** 20),
    reads_idle: idle,
    reads_while_archiving: loaded,
  };
}

async function onDatabase(where: 'pglite' | { postgresUrl: string }) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-bench-archive-'));
  const scratch =
    where === 'pglite'
      ? null
      : await createScratchDatabase(where.postgresUrl, `ekispot_bench_archive_${process.pid}`);
  const target = { dataDir, ...(scratch && { databaseUrl: scratch.url }) };
  try {
    await (await startServer(target)).stop();
    let seeded: Seeded;
    if (scratch) {
      const client = new pg.Client({ connectionString: scratch.url });
      client.on('error', () => {});
      await client.connect();
      seeded = await seed((sql) => client.query(sql), dataDir);
      await client.end();
    } else {
      const client = await PGlite.create({ dataDir: path.join(dataDir, 'pg') });
      seeded = await seed((sql) => client.query(sql), dataDir);
      await client.close();
    }
    const server = await startServer(target);
    try {
      return await measure(server, seeded);
    } finally {
      await server.stop();
    }
  } finally {
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchArchive(postgresUrl: string | undefined) {
  const postgres = postgresUrl ? await onDatabase({ postgresUrl }) : undefined;
  if (postgres) console.error(JSON.stringify({ archive_postgres: postgres }));
  const pglite = process.env.BENCH_SKIP_PGLITE === '1' ? undefined : await onDatabase('pglite');
  if (pglite) console.error(JSON.stringify({ archive_pglite: pglite }));
  return { ...(postgres && { postgres }), ...(pglite && { pglite }) };
}
