import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
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

/**
 * The uploads run in a worker thread (lib/upload-flooder.ts): their 190 MB request bodies would
 * otherwise share an event loop with the load generator, and its delays would be counted as the
 * server's read latency. Resolves once the form is built, with a function that floods until a
 * time and answers the statuses.
 */
async function startFlooder(url: string, tokens: string[], stationGroupId: number) {
  const worker = new Worker(new URL('./lib/upload-flooder.ts', import.meta.url), {
    workerData: { url, tokens, stationGroupId, photos: PHOTOS, photoBytes: PHOTO_BYTES },
  });
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the upload worker exited with ${code}`)));
  });
  const next = () =>
    Promise.race([
      new Promise<{ ready?: true; statuses?: Record<string, number> }>((resolve) =>
        worker.once('message', resolve),
      ),
      failed,
    ]);
  await next();
  return async (until: number) => {
    worker.postMessage({ until });
    const { statuses } = await next();
    await worker.terminate();
    return statuses ?? {};
  };
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

      const flood = await startFlooder(server.url, tokens, stationIds[0]!);
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
        flood(until),
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
