import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { DatabaseHandle } from '../../db/database.js';
import { createTestDatabase, testConfig } from '../../../test/test-app.js';
import {
  expectHttpError,
  expectNoMetadata,
} from '../../../test/fixtures/images/image-assertions.js';
import { jpegWithGps, solidPng } from '../../../test/fixtures/images/image-fixtures.js';
import { mediumImageWidth } from '@ekispot/shared';
import { createLocalImageStorage, mediumStorageKey, type ImageStorage } from './image-storage.js';
import * as service from './images.service.js';

let database: DatabaseHandle;
let dataDir: string;
let storage: ImageStorage;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-images-'));
  storage = createLocalImageStorage(path.join(dataDir, 'images'));
  app = await buildApp(testConfig({ DATA_DIR: dataDir }), {
    db: database.db,
    imageStorage: storage,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('GET /api/v2/image/:id', () => {
  it('serves the stored WebP with ten minutes of caching, an ETag and nosniff; no metadata survives', async () => {
    const row = await service.storeImage(database.db, storage, null, await jpegWithGps(1200, 800));
    expect(row).toMatchObject({
      mimeType: 'image/webp',
      width: 1200,
      height: 800,
      thumbWidth: 480,
      thumbHeight: 320,
    });

    const response = await app.inject({ method: 'GET', url: `/api/v2/image/${row.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-length']).toBe(String(row.byteSize));
    expect(response.headers.etag).toMatch(/^".+"$/);
    const served = response.rawPayload;
    const meta = await sharp(served).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      'webp',
      1200,
      800,
      undefined,
    ]);
    expectNoMetadata(served);

    const stored = await fs.readFile(path.join(dataDir, 'images', row.storageKey));
    expect(stored.equals(served)).toBe(true);

    const again = await app.inject({
      method: 'GET',
      url: `/api/v2/image/${row.id}`,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('serves the thumbnail with ?size=thumb, with its own ETag', async () => {
    const row = await service.storeImage(database.db, storage, null, await solidPng(1000, 2000));
    const full = await app.inject({ method: 'GET', url: `/api/v2/image/${row.id}?size=full` });
    const thumb = await app.inject({ method: 'GET', url: `/api/v2/image/${row.id}?size=thumb` });
    expect(thumb.statusCode).toBe(200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([240, 480]);
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect([fullMeta.width, fullMeta.height]).toEqual([1000, 2000]);
    expect(thumb.headers.etag).not.toBe(full.headers.etag);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v2/image/${row.id}?size=huge` })).statusCode,
    ).toBe(422);
  });

  it('serves a middle size with ?size=medium, made once from the display image and kept beside it', async () => {
    const row = await service.storeImage(database.db, storage, null, await solidPng(3000, 1500));
    const url = `/api/v2/image/${row.id}?size=medium`;
    // Asked for by two at once, before it exists: both get it, and it is made and stored once.
    const puts: string[] = [];
    const counting: ImageStorage = {
      ...storage,
      put: (key, body, type) => (puts.push(key), storage.put(key, body, type)),
    };
    await Promise.all([
      service.openImage(counting, row, 'medium'),
      service.openImage(counting, row, 'medium'),
    ]);
    expect(puts).toEqual([mediumStorageKey(row.storageKey)]);
    const [first, second] = await Promise.all([
      app.inject({ method: 'GET', url }),
      app.inject({ method: 'GET', url }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=600');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1280, 640]);
    expect(mediumImageWidth(row)).toBe(1280);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const kept = await fs.readFile(path.join(dataDir, 'images', mediumStorageKey(row.storageKey)));
    expect(kept.equals(first.rawPayload)).toBe(true);
    const again = await app.inject({ method: 'GET', url });
    expect(again.headers['content-length']).toBe(String(kept.length));
    expect(again.rawPayload.equals(kept)).toBe(true);
    expect(first.headers.etag).not.toBe(
      (await app.inject({ method: 'GET', url: `/api/v2/image/${row.id}` })).headers.etag,
    );
    const revalidated = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('serves the display image as the middle size when it is no larger', async () => {
    const row = await service.storeImage(database.db, storage, null, await solidPng(800, 600));
    expect(mediumImageWidth(row)).toBeNull();
    const medium = await app.inject({ method: 'GET', url: `/api/v2/image/${row.id}?size=medium` });
    const full = await app.inject({ method: 'GET', url: `/api/v2/image/${row.id}` });
    expect(medium.statusCode).toBe(200);
    expect(medium.rawPayload.equals(full.rawPayload)).toBe(true);
    await expect(
      fs.access(path.join(dataDir, 'images', mediumStorageKey(row.storageKey))),
    ).rejects.toThrow();
  });

  it('answers 404 with the envelope for an unknown id and 422 for a malformed one', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: '/api/v2/image/0190a000-0000-7000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, status: 404, data: null });
    expect(missing.headers['cache-control']).toBe('no-store');
    const malformed = await app.inject({
      method: 'GET',
      url: '/api/v2/image/..%2F..%2Fetc%2Fpasswd',
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({ success: false, status: 422 });
  });

  it('is documented in the OpenAPI with its WebP body and its failures', async () => {
    const spec = (await app.inject('/api/v2/openapi.json')).json();
    const responses = spec.paths['/api/v2/image/{id}'].get.responses;
    expect(Object.keys(responses['200'].content)).toEqual(['image/webp']);
    expect(responses['200'].content['image/webp'].schema).toMatchObject({ format: 'binary' });
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '404', '422']));
  });
});

describe('storing and deleting', () => {
  const filesOf = (row: service.ImageRow) =>
    [row.storageKey, row.thumbStorageKey].map((key) => path.join(dataDir, 'images', key));
  const exists = (file: string) =>
    fs.access(file).then(
      () => true,
      () => false,
    );

  it('writes both files under sharded keys, and deleteImage removes the row and the files', async () => {
    const row = await service.storeImage(database.db, storage, null, await solidPng(1600, 300));
    expect(row.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/);
    for (const file of filesOf(row)) expect(await exists(file)).toBe(true);
    // The middle size, once made, is one of its files too.
    const medium = path.join(dataDir, 'images', mediumStorageKey(row.storageKey));
    await app.inject({ method: 'GET', url: `/api/v2/image/${row.id}?size=medium` });
    expect(await exists(medium)).toBe(true);

    expect(await service.deleteImage(database.db, storage, row.id)).toBe(true);
    for (const file of [...filesOf(row), medium]) expect(await exists(file)).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/api/v2/image/${row.id}` })).statusCode).toBe(
      404,
    );
    expect(await service.deleteImage(database.db, storage, row.id)).toBe(false);
  });

  it('deleteImages removes many at once', async () => {
    const rows = await Promise.all(
      [1, 2, 3].map(async () =>
        service.storeImage(database.db, storage, null, await solidPng(20, 20)),
      ),
    );
    expect(
      await service.deleteImages(
        database.db,
        storage,
        rows.map((row) => row.id),
      ),
    ).toBe(3);
    for (const file of rows.flatMap(filesOf)) expect(await exists(file)).toBe(false);
  });

  it('writes no file at all when the row cannot be written (the row comes first)', async () => {
    const puts: string[] = [];
    const spying: ImageStorage = {
      ...storage,
      put: async (key, bytes, type) => {
        puts.push(key);
        await storage.put(key, bytes, type);
      },
    };
    // owner_id is a uuid column: an invalid value makes the insert fail, before any file.
    await expect(
      service.storeImage(database.db, spying, 'not-a-uuid', await solidPng(20, 20)),
    ).rejects.toThrow();
    expect(puts).toEqual([]);
  });

  it('does not write anything for a refused upload', async () => {
    const before = await fs.readdir(path.join(dataDir, 'images'), { recursive: true });
    await expectHttpError(service.storeImage(database.db, storage, null, Buffer.from('text')), 415);
    expect(await fs.readdir(path.join(dataDir, 'images'), { recursive: true })).toEqual(before);
  });
});
