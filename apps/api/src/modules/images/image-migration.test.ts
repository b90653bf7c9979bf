import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server.js';
import { createLocalImageStorage, imageStorageKey, type ImageStorage } from './image-storage.js';
import { migrateImages } from './image-migration.js';
import { createS3ImageStorage, parseS3Url } from './s3-image-storage.js';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let dir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-migrate-'));
});
afterAll(async () => {
  await s3?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function contents(storage: ImageStorage): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const { key } of storage.list()) {
    const stored = await storage.get(key);
    found.set(key, (await readAll(stored!.stream)).toString('base64'));
  }
  return found;
}

/** Some images as the app stores them (full and thumb), of various sizes. */
async function fill(storage: ImageStorage, count: number) {
  for (let i = 0; i < count; i += 1) {
    const id = `0190a000-0000-7000-8000-${String(i).padStart(12, '0')}`;
    await storage.put(imageStorageKey(id, 'full'), randomBytes(1000 + i * 7919), 'image/webp');
    await storage.put(imageStorageKey(id, 'thumb'), randomBytes(100 + i), 'image/webp');
  }
  return contents(storage);
}

/** A storage that fails the n-th put and every one after it (a run cut short). */
function failingAfter(storage: ImageStorage, puts: number): ImageStorage {
  let count = 0;
  return {
    ...storage,
    put: async (key, body, type) => {
      count += 1;
      if (count > puts) {
        if (!Buffer.isBuffer(body)) body.stream.resume();
        throw new Error('connection reset');
      }
      return storage.put(key, body, type);
    },
  };
}

describe('moving images between storages', () => {
  it('moves local → S3 and back, byte for byte, deleting each source only once verified', async () => {
    const local = createLocalImageStorage(path.join(dir, 'round-trip'));
    const bucket = createS3ImageStorage(parseS3Url(s3.url('round-trip')));
    const original = await fill(local, 6);
    expect(original.size).toBe(12);

    const steps: string[] = [];
    const there = await migrateImages(local, bucket, {
      progress: {
        start: (total) => steps.push(`start ${total}`),
        step: (o) => steps.push(o.result),
      },
    });
    expect(there).toMatchObject({
      total: 12,
      copied: 12,
      alreadyThere: 0,
      failed: [],
      deleted: 12,
    });
    expect(steps).toEqual(['start 12', ...Array(12).fill('copied')]);
    expect(await contents(bucket)).toEqual(original);
    expect((await contents(local)).size).toBe(0);

    const back = await migrateImages(bucket, local);
    expect(back).toMatchObject({ total: 12, copied: 12, failed: [] });
    expect(await contents(local)).toEqual(original);
    expect((await contents(bucket)).size).toBe(0);
  });

  it('resumes a run cut short: nothing unverified is deleted, nothing is lost', async () => {
    const local = createLocalImageStorage(path.join(dir, 'resume'));
    const bucket = createS3ImageStorage(parseS3Url(s3.url('resume')));
    const original = await fill(local, 5);

    const cut = await migrateImages(local, failingAfter(bucket, 4), { concurrency: 1 });
    expect(cut.copied).toBe(4);
    expect(cut.failed).toHaveLength(6);
    // The six that failed are still in the source; the four copied are only in the bucket.
    expect((await contents(local)).size).toBe(6);
    expect((await contents(bucket)).size).toBe(4);

    const rest = await migrateImages(local, bucket);
    expect(rest).toMatchObject({ total: 6, copied: 6, failed: [] });
    expect(await contents(bucket)).toEqual(original);
    expect((await contents(local)).size).toBe(0);
  });

  it('verifies what a previous run left in the target and replaces a copy that differs', async () => {
    const local = createLocalImageStorage(path.join(dir, 'verify'));
    const bucket = createS3ImageStorage(parseS3Url(s3.url('verify')));
    const original = await fill(local, 2);
    const [good, bad] = [...original.keys()];
    // One object already copied (kept source), one a damaged copy of the same size.
    await bucket.put(good!, Buffer.from(original.get(good!)!, 'base64'), 'image/webp');
    const damaged = Buffer.from(original.get(bad!)!, 'base64');
    damaged[0] = damaged[0]! ^ 0xff;
    await bucket.put(bad!, damaged, 'image/webp');

    const summary = await migrateImages(local, bucket, { keepSource: true });
    expect(summary).toMatchObject({ total: 4, copied: 3, alreadyThere: 1, deleted: 0 });
    expect(await contents(bucket)).toEqual(original);
    // --keep-source: the source is untouched.
    expect(await contents(local)).toEqual(original);
  });
});
