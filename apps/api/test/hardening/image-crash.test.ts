import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { solidPng } from '../fixtures/images/image-fixtures.js';
import { ensureSharedBuilt, startInstance, waitHealthy, type Instance } from '../instance.js';
import { NEAR_TOKYO_STATION } from '../post-client.js';
import { startS3Server } from '../s3-server.js';
import { createScratchPostgres, queryOnce } from '../test-app.js';
import { imageStorageFromConfig } from '../../src/modules/images/image-storage-config.js';

/**
 * kill -9 in the middle of photo uploads (docs/security.md#crashes-and-the-disk): after the
 * restart no stored file is without an image row, and no photo a post shows is without its
 * files. Runs on PostgreSQL (the database outlives the process; a copy of the run's template,
 * stations imported) with the images in an S3-compatible store behind a proxy that keeps the
 * answers to uploads waiting: the process is killed while a file is stored but its upload not
 * yet answered, the moment a release that wrote files before rows left a file no row names.
 */

const adminUrl = inject('testDatabaseUrl');
const template = inject('postgresTemplate');
const run = inject('testDriver') === 'postgres' && adminUrl !== null && template !== null;

let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | undefined;
let databaseUrl = '';
let dataDir = '';
let instance: Instance | undefined;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let proxy: http.Server;
let proxyPort = 0;

/** Forwards to the store, but never answers an upload (PUT): it is stored, not acknowledged. */
function startHoldingProxy(target: number): Promise<void> {
  proxy = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        if (request.method === 'PUT') {
          answer.resume();
          return;
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => {
      proxyPort = (proxy.address() as { port: number }).port;
      resolve();
    }),
  );
}

const storeUrl = () => s3.url('images').replace(`:${s3.port}/`, `:${proxyPort}/`);

/** The keys in the store, read directly (not through the proxy). */
async function storedFiles(): Promise<string[]> {
  const storage = imageStorageFromConfig({ s3Url: s3.url('images'), dataDir });
  const keys: string[] = [];
  for await (const file of storage.list()) keys.push(file.key);
  return keys;
}

const query = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  queryOnce<T>(databaseUrl, text, values);

async function start(name: string): Promise<Instance> {
  const started = await startInstance(name, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    S3_URL: storeUrl(),
    PUBLIC_URL: 'http://127.0.0.1',
  });
  // A bound, not a wait: on a machine busy with the rest of the suite a start once took over
  // 60 s (two-instances.test.ts allows 240 s for its first).
  await waitHealthy(started, 150_000);
  return started;
}

beforeAll(async () => {
  if (!run) return;
  await ensureSharedBuilt();
  scratch = await createScratchPostgres(template!);
  databaseUrl = scratch.url;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-crash-'));
  s3 = await startS3Server('ekispot-crash');
  await startHoldingProxy(s3.port);
}, 120_000);

afterAll(async () => {
  if (!run) return;
  await instance?.stop('SIGKILL');
  await scratch?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await s3.close();
});

describe.skipIf(!run)('a crash in the middle of photo uploads', () => {
  it('leaves no file without its row and no shown photo without its files', async () => {
    instance = await start('crash-one');
    const email = `crash-${randomUUID().slice(0, 8)}@example.jp`;
    const password = 'crash test password';
    const register = await fetch(`${instance.url}/api/v2/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1' },
      body: JSON.stringify({ name: '撮影者', email, password, password_confirmation: password }),
    });
    expect(register.status).toBe(201);
    // Registration does its work after answering: confirm the address once the row is there.
    const confirmBy = Date.now() + 30_000;
    while (
      (
        await query('update users set email_verified_at = now() where email = $1 returning id', [
          email,
        ])
      ).length === 0 &&
      Date.now() < confirmBy
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const login = await fetch(`${instance.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1' },
      body: JSON.stringify({ email, password }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;

    // Photo posts, four at a time, until the process is killed under them.
    const photo = await solidPng(1600, 1200);
    const upload = (url: string) => {
      const form = new FormData();
      form.set('kind', 'spot');
      form.set('title', '撮影会');
      form.set('lat', NEAR_TOKYO_STATION.lat);
      form.set('lng', NEAR_TOKYO_STATION.lng);
      form.set('images[0]', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'a.png');
      form.set('images[1]', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'b.png');
      return fetch(`${url}/api/v2/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }).catch(() => null);
    };
    const url = instance.url;
    let killed = false;
    const workers = Array.from({ length: 4 }, async () => {
      while (!killed) await upload(url);
    });
    // Once a file is stored (its upload still unanswered), the process dies without warning.
    const deadline = Date.now() + 60_000;
    while ((await storedFiles()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await storedFiles()).length).toBeGreaterThan(0);
    await instance.stop('SIGKILL');
    killed = true;
    await Promise.all(workers);

    // The next start finds the same database and store.
    instance = await start('crash-two');
    const files = await storedFiles();
    const named = new Set(
      (
        await query<{ storage_key: string; thumb_storage_key: string }>(
          'select storage_key, thumb_storage_key from images',
        )
      ).flatMap((row) => [row.storage_key, row.thumb_storage_key]),
    );
    expect(files.filter((file) => !named.has(file))).toEqual([]);
    const shown = await query<{ storage_key: string; thumb_storage_key: string }>(
      `select i.storage_key, i.thumb_storage_key from images i
       join post_images p on p.image_id = i.id`,
    );
    const onDisk = new Set(files);
    expect(files.length).toBeGreaterThan(0);
    expect(
      shown.filter((row) => !onDisk.has(row.storage_key) || !onDisk.has(row.thumb_storage_key)),
    ).toEqual([]);
    await instance.stop();
    instance = undefined;
  }, 400_000);
});
