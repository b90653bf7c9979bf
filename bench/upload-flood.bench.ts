import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { createSecretToken } from '../apps/api/src/lib/secret-tokens.js';
import { startServer, type RunningServer } from './lib/server.js';

/**
 * An upload flood against one PGlite server: MEMBERS members post at the same time, each post
 * carrying 10 valid JPEGs padded to 19 MB (190 MB a request), again and again, while
 * station and post reads are measured. Reports the server's peak RSS, read latency and how
 * the uploads were answered (201 accepted, 503 busy, 429 one at a time per member).
 */

const MEMBERS = 12;
const PHOTOS = 10;
const PHOTO_BYTES = 19 * 1024 * 1024;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);

async function paddedJpeg(): Promise<Buffer> {
  const { data, info } = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const jpeg = await sharp(data, { raw: info }).jpeg({ quality: 90 }).toBuffer();
  // Bytes after the end-of-image marker: decoders ignore them, the upload limit does not.
  return Buffer.concat([jpeg, Buffer.alloc(PHOTO_BYTES - jpeg.length, 0x20)]);
}

/** The post form, built once and sent by every member (190 MB). */
async function floodForm(stationGroupId: number) {
  const photo = await paddedJpeg();
  const form = new FormData();
  form.append('kind', 'image');
  form.append('station_group_id', String(stationGroupId));
  for (let i = 0; i < PHOTOS; i += 1)
    form.append(
      `images[${i}]`,
      new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
      `photo-${i}.jpg`,
    );
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return { body, contentType: encoded.headers.get('content-type') ?? '' };
}

async function flood(
  server: RunningServer,
  tokens: string[],
  { body, contentType }: Awaited<ReturnType<typeof floodForm>>,
  until: number,
) {
  const statuses: Record<string, number> = {};
  await Promise.all(
    tokens.map(async (token) => {
      while (Date.now() < until) {
        const response = await fetch(`${server.url}/api/v2/posts`, {
          method: 'POST',
          body,
          headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
        }).catch(() => null);
        const status = response ? String(response.status) : 'network error';
        statuses[status] = (statuses[status] ?? 0) + 1;
        await response?.arrayBuffer().catch(() => undefined);
        // A refused upload comes back after Retry-After, as a client should (capped for the run).
        const retry = Number(response?.headers.get('retry-after') ?? 0);
        if (response && response.status >= 400) await sleep(Math.min(retry, 2) * 1000);
      }
    }),
  );
  return statuses;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

async function reads(server: RunningServer, paths: string[], durationS: number) {
  let next = 0;
  const result = await autocannon({
    url: server.url,
    connections: 10,
    duration: durationS,
    requests: [
      { setupRequest: (r: object) => ({ ...r, path: paths[(next += 1) % paths.length] }) },
    ],
  });
  return {
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function benchUploadFlood() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-bench-flood-'));
  try {
    await (await startServer({ dataDir })).stop();
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pg') });
    const tokens: string[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const { token, hash } = createSecretToken();
      const id = randomUUID();
      await client.query(
        `insert into users (id, name, email, password_hash, email_verified_at)
         values ($1, $2, $3, 'x', now())`,
        [id, `洪水${i}`, `flood${i}@example.jp`],
      );
      await client.query(
        `insert into auth_tokens (id, user_id, token_hash, expires_at)
         values ($1, $2, $3, now() + interval '1 day')`,
        [randomUUID(), id, hash],
      );
      tokens.push(token);
    }
    const groups = await client.query<{ id: number }>(
      'select id from station_groups order by id limit 2000',
    );
    await client.close();
    const stationIds = groups.rows.map((row) => row.id);
    const server = await startServer({ dataDir });
    try {
      const stationPaths = stationIds.map((id) => `/api/v2/stations/${id}`);
      const postPaths = stationIds.slice(0, 200).map((id) => `/api/v2/stations/${id}/posts`);
      const idle = {
        rss_bytes: await rssOf(server.pid),
        reads: await reads(server, stationPaths, 5),
      };

      const form = await floodForm(stationIds[0]!);
      let peak = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await rssOf(server.pid));
          await sleep(200);
        }
      })();
      const until = Date.now() + DURATION_S * 1000;
      const [uploads, stations, posts] = await Promise.all([
        flood(server, tokens, form, until),
        reads(server, stationPaths, DURATION_S),
        reads(server, postPaths, DURATION_S),
      ]);
      sampling = false;
      await sampler;
      await sleep(2_000);
      return {
        members: MEMBERS,
        photos_per_post: PHOTOS,
        photo_mb: PHOTO_BYTES / 2 ** 20,
        duration_s: DURATION_S,
        idle,
        during_flood: {
          peak_rss_mb: Math.round(peak / 2 ** 20),
          uploads_by_status: uploads,
          station_detail: stations,
          station_posts: posts,
        },
        rss_after_mb: Math.round((await rssOf(server.pid)) / 2 ** 20),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
