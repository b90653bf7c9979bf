import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, users } from '../../db/schema/index.js';
import { createAuthClient } from '../../../test/auth-client.js';
import { multipartPayload } from '../../../test/multipart.js';
import { pngFile, stationGroupIdOf } from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { solidPng } from '../../../test/fixtures/images/image-fixtures.js';
import { sweepOrphanFiles, sweepUnattachedImages, sweepUploadFolders } from './image-sweep.js';
import { imageStorageKey, mediumStorageKey } from './image-storage.js';
import { storeImage } from './images.service.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
});
afterAll(async () => {
  await ctx?.close();
});

const backdate = (ids: string[]) =>
  ctx.db
    .update(images)
    .set({ createdAt: sql`now() - interval '2 hours'` })
    .where(inArray(images.id, ids));

describe('the image sweep', () => {
  it('removes images older than an hour that belong to nothing, rows and files', async () => {
    const auth = createAuthClient(ctx, origin);
    const { token } = await auth.insertMemberAndLogIn('sweep@example.jp');
    const [member] = await ctx.db.select().from(users).where(eq(users.email, 'sweep@example.jp'));
    const form = await multipartPayload({
      kind: 'image',
      station_group_id: String(await stationGroupIdOf(ctx.db, '東京', 13)),
      'images[0]': await pngFile(),
    });
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/posts',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
    const attached = post.json().data.images[0].id as string;
    const avatar = await storeImage(ctx.db, ctx.storage, member!.id, await solidPng(8, 8));
    await ctx.db.update(users).set({ avatarImageId: avatar.id }).where(eq(users.id, member!.id));
    // Left behind by a crash between storing the upload and linking it.
    const orphan = await storeImage(ctx.db, ctx.storage, member!.id, await solidPng(9, 9));
    const recent = await storeImage(ctx.db, ctx.storage, member!.id, await solidPng(10, 10));
    await backdate([attached, avatar.id, orphan.id]);
    const filesBefore = await ctx.countImageFiles();

    expect(await sweepUnattachedImages(ctx.db, ctx.storage)).toBe(1);
    const left = await ctx.db.select({ id: images.id }).from(images);
    expect(left.map((row) => row.id).sort()).toEqual([attached, avatar.id, recent.id].sort());
    expect(await ctx.countImageFiles()).toBe(filesBefore - 2);
    expect(await ctx.storage.get(orphan.storageKey)).toBeNull();
    // The recent one is left for its request to link; nothing more goes on a second pass.
    expect(await sweepUnattachedImages(ctx.db, ctx.storage)).toBe(0);
  });

  it('writes an image row before its files, and keeps no row when the files cannot be written', async () => {
    const [member] = await ctx.db.select().from(users).where(eq(users.email, 'sweep@example.jp'));
    const seen: { key: string; rowExists: boolean }[] = [];
    const watching = {
      ...ctx.storage,
      async put(key: string, body: Parameters<typeof ctx.storage.put>[1], type: string) {
        const id = key.split('/').at(-1)!.split('.')[0]!;
        const rows = await ctx.db.select({ id: images.id }).from(images).where(eq(images.id, id));
        seen.push({ key, rowExists: rows.length === 1 });
        return ctx.storage.put(key, body, type);
      },
    };
    const stored = await storeImage(ctx.db, watching, member!.id, await solidPng(11, 11));
    expect(seen).toEqual([
      { key: stored.storageKey, rowExists: true },
      { key: stored.thumbStorageKey, rowExists: true },
    ]);
    const failing = {
      ...ctx.storage,
      put: () => Promise.reject(Object.assign(new Error('no space'), { code: 'ENOSPC' })),
    };
    const before = await ctx.db.select({ id: images.id }).from(images);
    await expect(storeImage(ctx.db, failing, member!.id, await solidPng(12, 12))).rejects.toThrow();
    expect(await ctx.db.select({ id: images.id }).from(images)).toHaveLength(before.length);
  });

  it('removes old files that no image row names, never a named or a fresh one', async () => {
    const [member] = await ctx.db.select().from(users).where(eq(users.email, 'sweep@example.jp'));
    const kept = await storeImage(ctx.db, ctx.storage, member!.id, await solidPng(13, 13));
    // Files a crash of an older release left behind (files written, row never), an hour old.
    const lost = imageStorageKey('01936f2e-8b9c-7d3a-9c1e-00000000dead', 'full');
    await ctx.storage.put(lost, Buffer.from('lost'), 'image/webp');
    const fresh = imageStorageKey('01936f2e-8b9c-7d3a-9c1e-00000000beef', 'full');
    await ctx.storage.put(fresh, Buffer.from('fresh'), 'image/webp');
    // Middle sizes are named by no row: the one of a kept image stays, a lost one's goes.
    const keptMedium = mediumStorageKey(kept.storageKey);
    await ctx.storage.put(keptMedium, Buffer.from('medium'), 'image/webp');
    const lostMedium = mediumStorageKey(lost);
    await ctx.storage.put(lostMedium, Buffer.from('lost medium'), 'image/webp');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const key of [lost, lostMedium, kept.storageKey, keptMedium])
      await fs.utimes(path.join(ctx.storageRoot, key), old, old);

    expect(await sweepOrphanFiles(ctx.db, ctx.storage)).toBe(2);
    expect(await ctx.storage.get(lost)).toBeNull();
    expect(await ctx.storage.get(lostMedium)).toBeNull();
    expect(await ctx.storage.get(fresh)).not.toBeNull();
    expect(await ctx.storage.get(kept.storageKey)).not.toBeNull();
    expect(await ctx.storage.get(keptMedium)).not.toBeNull();
  });

  it('removes upload folders of crashed processes, never its own or fresh ones', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-sweep-'));
    const own = path.join(root, 'own');
    const crashed = path.join(root, 'crashed');
    const fresh = path.join(root, 'fresh');
    for (const folder of [own, crashed, fresh]) await fs.mkdir(folder);
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await fs.utimes(crashed, old, old);
    await fs.utimes(own, old, old);
    expect(await sweepUploadFolders(root, own)).toBe(1);
    expect((await fs.readdir(root)).sort()).toEqual(['fresh', 'own']);
    await fs.rm(root, { recursive: true, force: true });
  });
});
