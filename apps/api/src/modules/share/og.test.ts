import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationGroupIdOf } from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { jpegWithGps } from '../../../test/fixtures/images/image-fixtures.js';
import { posts } from '../../db/schema/index.js';
import { storeImage } from '../images/images.service.js';
import {
  buildListItems,
  buildLists,
  buildPostImages,
  buildPosts,
  buildUsers,
} from '../../../test/factories.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let userId: string;
let tokyoId: number;
let shinjukuId: number;

/** Set OG_SAMPLE_DIR to keep the cards drawn here, to look at them (docs/seo.md#link-preview-images). */
const sampleDir = process.env.OG_SAMPLE_DIR;

beforeAll(async () => {
  ctx = await createTestApp();
  const [user] = await buildUsers(ctx.db, [
    { name: '駅めぐりの葵', email: 'og@example.jp', passwordHash: 'x' },
  ]);
  userId = user!.id;
  tokyoId = await stationGroupIdOf(ctx.db, '東京', 13);
  shinjukuId = await stationGroupIdOf(ctx.db, '新宿', 13);
});
afterAll(async () => {
  await ctx?.close();
});

/** A card: 200, a PNG of 1200×630 with its caching headers. */
async function card(url: string, sample?: string) {
  const response = await ctx.app.inject(url);
  expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
  expect(response.headers['content-type']).toBe('image/png');
  expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  const etag = String(response.headers.etag);
  expect(etag).toMatch(/^"[\w-]+"$/);
  const meta = await sharp(response.rawPayload).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
    format: 'png',
    width: 1200,
    height: 630,
  });
  if (sampleDir && sample) {
    await fs.mkdir(sampleDir, { recursive: true });
    await fs.writeFile(path.join(sampleDir, `${sample}.png`), response.rawPayload);
  }
  return { body: response.rawPayload, etag };
}

async function missing(url: string) {
  const response = await ctx.app.inject(url);
  expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
  expect(response.json()).toMatchObject({ success: false, status: 404 });
}

describe('link-preview cards', () => {
  it("draws a station's card, another for another station, and answers 304 to its ETag", async () => {
    const tokyo = await card(`/api/v2/og/station/${tokyoId}.png`, 'station-tokyo');
    const shinjuku = await card(`/api/v2/og/station/${shinjukuId}.png`, 'station-shinjuku');
    expect(shinjuku.etag).not.toBe(tokyo.etag);
    expect(shinjuku.body.equals(tokyo.body)).toBe(false);

    const again = await ctx.app.inject({
      url: `/api/v2/og/station/${tokyoId}.png`,
      headers: { 'if-none-match': tokyo.etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    await missing('/api/v2/og/station/999999999.png');
    const invalid = await ctx.app.inject('/api/v2/og/station/abc.png');
    expect(invalid.statusCode).toBe(422);
  });

  it("draws a post's first photo under its title; a new title makes a new image", async () => {
    const [post] = await buildPosts(ctx.db, [
      { userId, kind: 'image', title: '夕暮れの丸の内駅舎', stationGroupId: tokyoId },
    ]);
    const photo = await storeImage(ctx.db, ctx.storage, userId, await jpegWithGps(1600, 900));
    await buildPostImages(ctx.db, [{ postId: post!.id, imageId: photo.id, position: 0 }]);
    const url = `/api/v2/og/post/${post!.id}.png`;
    const first = await card(url, 'post-photo');

    await ctx.db.update(posts).set({ title: '朝の丸の内駅舎' }).where(eq(posts.id, post!.id));
    const renamed = await card(url);
    expect(renamed.etag).not.toBe(first.etag);
    expect(renamed.body.equals(first.body)).toBe(false);
  });

  it('draws a post without a photo as its kind, title and station', async () => {
    const [event] = await buildPosts(ctx.db, [
      {
        userId,
        kind: 'event',
        title: '駅前の夏祭り：盆踊りと屋台、花火大会のお知らせ（雨天決行）',
        stationGroupId: shinjukuId,
        startsAt: new Date('2030-08-01T09:00:00Z'),
        endsAt: new Date('2030-08-01T12:00:00Z'),
      },
    ]);
    const [spot] = await buildPosts(ctx.db, [
      { userId, kind: 'spot', title: '駅そば', stationGroupId: shinjukuId },
    ]);
    const eventCard = await card(`/api/v2/og/post/${event!.id}.png`, 'post-event');
    const spotCard = await card(`/api/v2/og/post/${spot!.id}.png`, 'post-spot');
    expect(spotCard.etag).not.toBe(eventCard.etag);
  });

  it('answers 404 for a post a moderator hid, as its page does', async () => {
    const [post] = await buildPosts(ctx.db, [
      { userId, kind: 'spot', title: '見せない投稿', hiddenAt: new Date() },
    ]);
    await missing(`/api/v2/og/post/${post!.id}.png`);
    await missing('/api/v2/og/post/01890000-0000-7000-8000-000000000000.png');
  });

  it("draws a public list's map, title and count; a private or hidden list is 404", async () => {
    const [spot] = await buildPosts(ctx.db, [
      { userId, kind: 'spot', title: '立ち食いそば', lat: 35.6905, lng: 139.7005 },
    ]);
    const [list, secret, hidden] = await buildLists(ctx.db, [
      { userId, title: '山手線で行く駅そばめぐり', description: '' },
      { userId, title: '秘密のリスト', isPublic: false },
      { userId, title: '隠されたリスト', hiddenAt: new Date() },
    ]);
    const stationIds = [tokyoId, shinjukuId];
    await buildListItems(ctx.db, [
      ...stationIds.map((stationGroupId, index) => ({
        listId: list!.id,
        stationGroupId,
        position: index + 1,
      })),
      { listId: list!.id, postId: spot!.id, position: 3 },
    ]);
    await card(`/api/v2/og/list/${list!.id}.png`, 'list');
    await missing(`/api/v2/og/list/${secret!.id}.png`);
    await missing(`/api/v2/og/list/${hidden!.id}.png`);
  });
});
