import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.js';
import { startS3Server } from '../../../test/s3-server.js';
import { createTestApp } from '../../../test/test-app.js';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, pngFile } from '../../../test/post-client.js';
import { DependencyUnavailableError } from '../../lib/dependency-unavailable.js';
import { imageStorageKey, type ImageStorage } from './image-storage.js';
import { createS3ImageStorage, parseS3Url, S3UrlError } from './s3-image-storage.js';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let storage: ImageStorage;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = createS3ImageStorage(parseS3Url(s3.url('images')));
});
afterAll(async () => {
  await s3?.close();
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('S3_URL', () => {
  it('reads endpoint, bucket, prefix, credentials, region and path style', () => {
    expect(
      parseS3Url(
        's3+https://AK%2B1:se%2Fcret@minio.internal:9000/photos/ekispot/prod?region=ap-northeast-1',
      ),
    ).toEqual({
      endpoint: 'https://minio.internal:9000',
      bucket: 'photos',
      prefix: 'ekispot/prod',
      region: 'ap-northeast-1',
      credentials: { accessKeyId: 'AK+1', secretAccessKey: 'se/cret' },
      forcePathStyle: true,
    });
    expect(parseS3Url('s3://ekispot-images?region=ap-northeast-1')).toEqual({
      endpoint: undefined,
      bucket: 'ekispot-images',
      prefix: '',
      region: 'ap-northeast-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(parseS3Url('s3+http://127.0.0.1:9000/b-1?path_style=false').forcePathStyle).toBe(false);
  });

  it('refuses what cannot work, naming the problem', () => {
    for (const bad of [
      's3+https://host:9000/',
      's3+https://host/Bad_Bucket',
      's3+https://key@host/bucket',
      's3+https://host/bucket?path_style=yes',
      'https://host/bucket',
    ]) {
      expect(() => parseS3Url(bad), bad).toThrow(S3UrlError);
    }
  });
});

describe('S3 image storage (against a local S3-compatible server)', () => {
  it('puts, gets with size and type, lists under its prefix and deletes (twice)', async () => {
    const key = imageStorageKey('0190a000-0000-7000-8000-00000000abcd', 'full');
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    const stored = await storage.get(key);
    expect(stored).toMatchObject({ size: 10, contentType: 'image/webp' });
    expect((await readAll(stored!.stream)).toString()).toBe('webp bytes');
    const listed = [];
    for await (const entry of storage.list()) listed.push(entry);
    expect(listed).toEqual([{ key, size: 10, modifiedAt: expect.any(Date) }]);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('streams a large body both ways without changing a byte', async () => {
    const size = 5 * 1024 * 1024 + 123;
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4096) bytes[i] = i % 251;
    const key = 'aa/bb/large.webp';
    await storage.put(
      key,
      { stream: Readable.from([bytes.subarray(0, 1_000_000), bytes.subarray(1_000_000)]), size },
      'image/webp',
    );
    const stored = await storage.get(key);
    expect(stored?.size).toBe(size);
    const back = await readAll(stored!.stream);
    expect(createHash('sha256').update(back).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
    await storage.delete(key);
  });

  it('keeps another prefix of the same bucket apart', async () => {
    const other = createS3ImageStorage(parseS3Url(s3.url('other')));
    await other.put('cc/dd/x.webp', Buffer.from('x'), 'image/webp');
    expect(await storage.get('cc/dd/x.webp')).toBeNull();
    const listed = [];
    for await (const entry of storage.list()) listed.push(entry.key);
    expect(listed).not.toContain('cc/dd/x.webp');
    await other.delete('cc/dd/x.webp');
  });

  it('refuses keys that are not ours before any request', async () => {
    await expect(storage.put('../x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage.get('a//b')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('an S3 outage', () => {
  it('is the image storage being unavailable, not the database: 503 with Retry-After', async () => {
    const down = createS3ImageStorage(
      parseS3Url(`s3+http://key:secret@127.0.0.1:${await freePort()}/images?path_style=true`),
    );
    const put = down.put(
      imageStorageKey('01900000-0000-7000-8000-000000000001', 'full'),
      Buffer.from('x'),
      'image/webp',
    );
    await expect(put).rejects.toBeInstanceOf(DependencyUnavailableError);
    await expect(put).rejects.toThrow('image storage unavailable');

    const ctx = await createTestApp({}, { imageStorage: down });
    try {
      const origin = 'http://localhost:3000';
      const { token } = await createAuthClient(ctx, origin).insertMemberAndLogIn(
        's3down@example.jp',
      );
      const response = await createPostClient(ctx, origin).createPost(
        { token },
        { kind: 'image', station_group_id: '1130101', 'images[0]': await pngFile() },
      );
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ success: false, status: 503 });
    } finally {
      await ctx.close();
    }
  });
});
