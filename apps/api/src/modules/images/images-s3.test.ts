import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { startS3Server } from '../../../test/s3-server.js';
import { jpegWithGps } from '../../../test/fixtures/images/image-fixtures.js';
import { imageStorageFromConfig } from './image-storage-config.js';
import { mediumStorageKey } from './image-storage.js';
import * as service from './images.service.js';

/** The app with S3_URL set: images go to the bucket and are served as from the local folder. */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  s3 = await startS3Server();
  const url = s3.url('app');
  ctx = await createTestApp(
    { S3_URL: url },
    { imageStorage: imageStorageFromConfig({ s3Url: url, dataDir: '/nonexistent' }) },
  );
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('images on S3-compatible storage', () => {
  it('stores every size in the bucket and serves them with the same headers as local files', async () => {
    const row = await service.storeImage(ctx.db, ctx.storage, null, await jpegWithGps(1800, 1200));
    const inBucket = await ctx.storage.get(row.storageKey);
    expect(inBucket).not.toBeNull();
    const bytes = await readAll(inBucket!.stream);
    expect(await ctx.storage.get(row.thumbStorageKey)).not.toBeNull();

    const response = await ctx.app.inject(`/api/v2/image/${row.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.rawPayload.equals(bytes)).toBe(true);

    const thumb = await ctx.app.inject(`/api/v2/image/${row.id}?size=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.rawPayload.length).toBeLessThan(bytes.length);

    // The middle size is made on the first request and kept in the bucket beside the others.
    const medium = await ctx.app.inject(`/api/v2/image/${row.id}?size=medium`);
    expect(medium.statusCode).toBe(200);
    expect(medium.headers['cache-control']).toBe('public, max-age=600');
    const mediumInBucket = await ctx.storage.get(mediumStorageKey(row.storageKey));
    expect((await readAll(mediumInBucket!.stream)).equals(medium.rawPayload)).toBe(true);

    // Deleting the image removes every object; the URL then answers 404.
    expect(await service.deleteImages(ctx.db, ctx.storage, [row.id])).toBe(1);
    expect(await ctx.storage.get(row.storageKey)).toBeNull();
    expect(await ctx.storage.get(row.thumbStorageKey)).toBeNull();
    expect(await ctx.storage.get(mediumStorageKey(row.storageKey))).toBeNull();
    expect((await ctx.app.inject(`/api/v2/image/${row.id}`)).statusCode).toBe(404);
  });
});
