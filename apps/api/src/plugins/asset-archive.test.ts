import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase } from '../../test/test-app.js';
import { createLocalImageStorage } from '../modules/images/image-storage.js';

/**
 * A rolling deploy (docs/deploy.md#rolling-deploys): an instance of the previous build and one
 * of the new build share the database and the object store. A page the old instance served
 * asks for its chunks, and the new instance (which a load balancer may pick) answers them.
 */

let root: string;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let oldApp: Awaited<ReturnType<typeof createTestApp>>;
let newApp: Awaited<ReturnType<typeof createTestApp>>;

async function writeBuild(name: string, asset: string, code: string): Promise<string> {
  const dist = path.join(root, name);
  await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
  await fs.writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="ja"><head><title>えきスポ</title>` +
      `<script type="module" src="/assets/${asset}"></script></head><body></body></html>`,
  );
  await fs.writeFile(path.join(dist, 'assets', asset), code);
  return dist;
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-builds-'));
  const storage = createLocalImageStorage(path.join(root, 'store'));
  database = await createTestDatabase();
  const oldDist = await writeBuild('old', 'index-OLD11111.js', 'console.log("old build");');
  const newDist = await writeBuild('new', 'index-NEW22222.js', 'console.log("new build");');
  oldApp = await createTestApp({ WEB_DIST_DIR: oldDist }, { database, imageStorage: storage });
  newApp = await createTestApp({ WEB_DIST_DIR: newDist }, { database, imageStorage: storage });
});
afterAll(async () => {
  await oldApp?.close();
  await newApp?.close();
  await database?.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('assets through a rolling deploy', () => {
  it('serves a page of the old build with its chunks from the new instance', async () => {
    const page = await oldApp.app.inject('/privacy');
    const chunk = /src="(\/assets\/[^"]+)"/.exec(page.body)?.[1];
    expect(chunk).toBe('/assets/index-OLD11111.js');
    const fromNew = await newApp.app.inject(chunk!);
    expect(fromNew.statusCode).toBe(200);
    expect(fromNew.body).toBe('console.log("old build");');
    expect(fromNew.headers['content-type']).toContain('text/javascript');
    expect(fromNew.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // And the other way round, while the old instance is still running.
    expect((await oldApp.app.inject('/assets/index-NEW22222.js')).body).toBe(
      'console.log("new build");',
    );
  });

  it('still answers 404 for an asset no build ever had', async () => {
    expect((await newApp.app.inject('/assets/index-NONE0000.js')).statusCode).toBe(404);
    expect((await newApp.app.inject('/assets/..%2Fsecret')).statusCode).toBe(404);
  });
});
