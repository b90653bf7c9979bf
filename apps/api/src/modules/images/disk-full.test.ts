import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, NEAR_TOKYO_STATION, photoFile } from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { images, posts, users } from '../../db/schema/index.js';
import { createLocalImageStorage, type ImageStorage } from './image-storage.js';

/**
 * A full disk (docs/security.md#crashes-and-the-disk): a write that meets ENOSPC answers 507 in
 * Japanese, keeps nothing of the request, and the next write works once there is room again,
 * with no restart.
 */

const origin = 'http://localhost:3000';
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let folder: string;
let full = false;

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-full-'));
  const disk = createLocalImageStorage(folder);
  const storage: ImageStorage = {
    ...disk,
    put: (key, body, type) =>
      full
        ? Promise.reject(
            Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }),
          )
        : disk.put(key, body, type),
  };
  ctx = await createTestApp({ PUBLIC_URL: origin }, { imageStorage: storage });
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(folder, { recursive: true, force: true });
});

describe('a full disk', () => {
  it('answers 507 in Japanese, keeps nothing, and works again once there is room', async () => {
    const accounts = createAuthClient(ctx, origin);
    const client = createPostClient(ctx, origin);
    const member = await accounts.insertMemberAndLogIn('full@example.jp');
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'full@example.jp'));
    const photoPost = async () =>
      client.createPost(member, {
        kind: 'spot',
        title: '満杯の日',
        ...NEAR_TOKYO_STATION,
        'images[0]': await photoFile(),
      });

    full = true;
    const refused = await photoPost();
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_STORAGE',
      message:
        'サーバーの保存領域が不足しているため、保存できませんでした。内容は保存されていません。しばらく待ってからもう一度お試しください。',
    });
    expect(refused.headers['retry-after']).toBe('60');
    const countOf = async (table: typeof posts | typeof images) =>
      (await ctx.db.select({ n: count() }).from(table))[0]!.n;
    expect(await countOf(posts)).toBe(0);
    expect(await countOf(images)).toBe(0);
    expect(await fs.readdir(folder, { recursive: true })).toEqual([]);

    full = false;
    const saved = await photoPost();
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data.user.id).toBe(row!.id);
    expect(await countOf(images)).toBe(1);
  });
});
