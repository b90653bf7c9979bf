import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationGroupIdOf } from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { jpegWithGps } from '../../../test/fixtures/images/image-fixtures.js';
import { posts, stations, users } from '../../db/schema/index.js';
import { storeImage } from '../images/images.service.js';
import {
  buildComments,
  buildListItems,
  buildLists,
  buildPostImages,
  buildPosts,
  buildUsers,
} from '../../../test/factories.js';

const origin = 'https://ekispot.example';
const TEMPLATE =
  '<!doctype html><html lang="ja"><head><meta charset="UTF-8" />' +
  '<meta\n  name="description"\n  content="既定の説明" />' +
  '<title>えきスポ</title></head><body><div id="root"></div></body></html>';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let distDir: string;
let userId: string;
let tokyoId: number;
let shinjukuId: number;
let shibuyaId: number;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), TEMPLATE);
  ctx = await createTestApp({ PUBLIC_URL: origin, WEB_DIST_DIR: distDir });
  const [user] = await buildUsers(ctx.db, [
    { name: '撮り鉄', email: 'share@example.jp', passwordHash: 'x' },
  ]);
  userId = user!.id;
  tokyoId = await stationGroupIdOf(ctx.db, '東京', 13);
  shinjukuId = await stationGroupIdOf(ctx.db, '新宿', 13);
  shibuyaId = await stationGroupIdOf(ctx.db, '渋谷', 13);
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

async function page(url: string, status = 200) {
  const response = await ctx.app.inject(url);
  expect({ url, status: response.statusCode }).toEqual({ url, status });
  expect(response.headers['content-type']).toContain('text/html');
  return response.body;
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];

describe('link previews', () => {
  it('gives a post page its title, description, first photo and card', async () => {
    const [post] = await buildPosts(ctx.db, [
      {
        userId,
        kind: 'image',
        title: '夕暮れの丸の内駅舎 <script>',
        body: '赤レンガの駅舎が\n夕日に染まっていました。"引用"も & 記号も安全に。',
        stationGroupId: tokyoId,
      },
    ]);
    const second = await storeImage(ctx.db, ctx.storage, userId, await jpegWithGps(1200, 800));
    const first = await storeImage(ctx.db, ctx.storage, userId, await jpegWithGps(1600, 900));
    await buildPostImages(ctx.db, [
      { postId: post!.id, imageId: second.id, position: 1 },
      { postId: post!.id, imageId: first.id, position: 0 },
    ]);

    const html = await page(`/post/${post!.id}`);
    expect(html).toContain('<title>夕暮れの丸の内駅舎 &lt;script&gt; | えきスポ</title>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('既定の説明');
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:url')).toBe(`${origin}/post/${post!.id}`);
    expect(metaContent(html, 'og:description')).toBe(
      '東京駅の写真。赤レンガの駅舎が 夕日に染まっていました。&quot;引用&quot;も &amp; 記号も安全に。',
    );
    // The card (the first photo under the title), not the photo itself.
    expect(metaContent(html, 'og:image')).toBe(`${origin}/api/v2/og/post/${post!.id}.png`);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'og:image:alt')).toBe('夕暮れの丸の内駅舎 &lt;script&gt;');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe(metaContent(html, 'og:image'));
    expect(metaContent(html, 'description')).toBe(metaContent(html, 'og:description'));
  });

  it('describes a station page with its lines, activity and its card', async () => {
    const [older, newer] = await buildPosts(ctx.db, [
      { userId, kind: 'image', stationGroupId: shinjukuId, createdAt: new Date('2026-01-01') },
      { userId, kind: 'image', stationGroupId: shinjukuId, createdAt: new Date('2026-02-01') },
    ]);
    const olderPhoto = await storeImage(ctx.db, ctx.storage, userId, await jpegWithGps(800, 600));
    const newerPhoto = await storeImage(ctx.db, ctx.storage, userId, await jpegWithGps(1200, 900));
    await buildPostImages(ctx.db, [
      { postId: older!.id, imageId: olderPhoto.id, position: 0 },
      { postId: newer!.id, imageId: newerPhoto.id, position: 0 },
    ]);

    const html = await page(`/station/${shinjukuId}`);
    expect(html).toContain('<title>新宿駅 | えきスポ</title>');
    expect(metaContent(html, 'og:description')).toMatch(
      /^新宿駅（東京都）：.+など\d+路線。投稿2件/,
    );
    expect(metaContent(html, 'og:image')).toBe(`${origin}/api/v2/og/station/${shinjukuId}.png`);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'og:image:alt')).toBe('新宿駅の駅スタンプと路線');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  });

  it('gives a station without photos its card too', async () => {
    const html = await page(`/station/${shibuyaId}`);
    expect(html).toContain('<title>渋谷駅 | えきスポ</title>');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'og:image')).toBe(`${origin}/api/v2/og/station/${shibuyaId}.png`);
  });

  it('describes a line page, and answers 404 for a line that does not exist', async () => {
    const html = await page('/line/11302');
    expect(html).toContain('<title>JR山手線の駅一覧 | えきスポ</title>');
    expect(metaContent(html, 'og:url')).toBe(`${origin}/line/11302`);
    await page('/line/999999', 404);
  });

  it("sends a platform's address on to its station's page (301), without what the page does not read", async () => {
    // 大阪梅田's platform of the 阪急宝塚本線: the station itself takes its lowest code.
    const [platform] = await ctx.db
      .select({ id: stations.id, groupId: stations.groupId })
      .from(stations)
      .where(and(eq(stations.name, '大阪梅田'), eq(stations.lineId, 34002)));
    expect(platform!.id).not.toBe(platform!.groupId);
    // The station page reads no query (docs/security.md#pages-are-keyed-on-what-they-read).
    const dropped = await ctx.app.inject(`/station/${platform!.id}?tab=photos`);
    expect(dropped.statusCode).toBe(301);
    expect(dropped.headers.location).toBe(`/station/${platform!.id}`);
    const response = await ctx.app.inject(`/station/${platform!.id}`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/station/${platform!.groupId}`);
  });

  it('names an untitled photo after the post it belongs to', async () => {
    const [spot] = await buildPosts(ctx.db, [
      { userId, kind: 'spot', title: '赤レンガ広場', lat: 35.68, lng: 139.76 },
    ]);
    const [photo] = await buildPosts(ctx.db, [
      { userId, kind: 'image', parentPostId: spot!.id, stationGroupId: tokyoId },
    ]);
    const html = await page(`/post/${photo!.id}`);
    expect(html).toContain('<title>赤レンガ広場の写真 | えきスポ</title>');
  });

  it("gives every profile tab the member's name, bio and avatar", async () => {
    const avatar = await storeImage(ctx.db, ctx.storage, userId, await jpegWithGps(400, 400));
    await ctx.db
      .update(users)
      .set({ bio: '週末は駅めぐり。', avatarImageId: avatar.id })
      .where(eq(users.id, userId));
    for (const tab of ['posts', 'action/liked', 'want-to-visit-spots']) {
      const html = await page(`/profile/${userId}/${tab}`);
      expect(html).toContain('<title>撮り鉄さんのプロフィール | えきスポ</title>');
      expect(metaContent(html, 'og:description')).toBe('週末は駅めぐり。');
      expect(metaContent(html, 'og:type')).toBe('profile');
      expect(metaContent(html, 'og:url')).toBe(`${origin}/profile/${userId}/posts`);
      expect(metaContent(html, 'og:image')).toBe(`${origin}/api/v2/image/${avatar.id}`);
    }
  });

  it('gives a public list its title, owner, count and card; a private list none, with 404', async () => {
    const [spot] = await buildPosts(ctx.db, [
      { userId, kind: 'spot', title: '駅そば', lat: 35.68, lng: 139.76 },
    ]);
    const photo = await storeImage(ctx.db, ctx.storage, userId, await jpegWithGps(900, 600));
    await buildPostImages(ctx.db, [{ postId: spot!.id, imageId: photo.id, position: 0 }]);
    const [list, secret] = await buildLists(ctx.db, [
      { userId, title: '行ってみたい駅そば', description: '立ち食い中心。' },
      { userId, title: '秘密のリスト', isPublic: false },
    ]);
    await buildListItems(ctx.db, [
      { listId: list!.id, stationGroupId: tokyoId, position: 1 },
      { listId: list!.id, postId: spot!.id, position: 2 },
    ]);

    const html = await page(`/list/${list!.id}`);
    expect(html).toContain('<title>行ってみたい駅そば | えきスポ</title>');
    expect(metaContent(html, 'og:description')).toBe('撮り鉄さんのリスト（2件）。立ち食い中心。');
    expect(metaContent(html, 'og:url')).toBe(`${origin}/list/${list!.id}`);
    expect(metaContent(html, 'og:image')).toBe(`${origin}/api/v2/og/list/${list!.id}.png`);
    expect(metaContent(html, 'og:image:alt')).toBe('「行ってみたい駅そば」の項目の地図（2件）');

    const hidden = await page(`/list/${secret!.id}`, 404);
    expect(hidden).not.toContain('秘密のリスト');
  });

  it('keeps the default head, with 404, for posts, stations and members that do not exist', async () => {
    for (const url of [
      '/profile/01890000-0000-7000-8000-000000000000/posts',
      '/post/01890000-0000-7000-8000-000000000000',
      '/station/999999999',
      '/post/not-a-uuid',
      '/station/abc',
    ]) {
      const html = await page(url, 404);
      expect(html).toContain('<title>えきスポ</title>');
      expect(html).toContain('<div id="root">');
      expect(html).not.toContain('og:title');
    }
  });

  // A comment id the post does not have was a 200 page saying so (a soft 404).
  it('answers 404 for a comment the post does not have, or one taken out of sight', async () => {
    const [first, second] = await buildPosts(ctx.db, [
      { userId, kind: 'spot', title: 'コメントのある投稿', stationGroupId: tokyoId },
      { userId, kind: 'spot', title: 'ほかの投稿', stationGroupId: tokyoId },
    ]);
    const [shown, hidden] = await buildComments(ctx.db, [
      { postId: first!.id, userId, body: '見えるコメント' },
      { postId: first!.id, userId, body: '隠されたコメント', hiddenAt: new Date() },
    ]);
    const html = await page(`/post/${first!.id}/comment/${shown!.id}`);
    expect(html).toContain('<title>えきスポ</title>');
    await page(`/post/${first!.id}/comment/${shown!.id.toUpperCase()}`);
    for (const url of [
      `/post/${first!.id}/comment/01890000-0000-7000-8000-000000000000`,
      `/post/${second!.id}/comment/${shown!.id}`,
      `/post/01890000-0000-7000-8000-000000000000/comment/${shown!.id}`,
      `/post/${first!.id}/comment/${hidden!.id}`,
    ])
      await page(url, 404);
  });

  it('answers 404 for addresses that are no page of the web app, 200 for pages', async () => {
    for (const url of ['/no/such/page', '/profile/abc/posts', '/timeline', '/favicon.png']) {
      const html = await page(url, 404);
      expect(html).toContain('<div id="root">');
    }
    for (const url of [
      '/',
      '/?lat=35.6&lng=139.7&z=12',
      '/login?redirect=%2Fleave',
      '/search/station/random',
      '/post/create/spot',
      '/users',
      '/timeline/post/all',
    ]) {
      const html = await page(url);
      expect(html).toContain('<title>えきスポ</title>');
      expect(html).toContain('既定の説明');
    }
    const api = await ctx.app.inject('/api/v2/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, status: 404 });
  });
});

describe('pages kept by the server (docs/architecture.md#page-cache)', () => {
  it('serves a page again until a write through the API, with its ETag and 304', async () => {
    const [post] = await buildPosts(ctx.db, [
      { userId, kind: 'spot', title: '初めの題', stationGroupId: tokyoId },
    ]);
    const url = `/post/${post!.id}`;
    const first = await ctx.app.inject(url);
    expect(first.body).toContain('<title>初めの題 | えきスポ</title>');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await ctx.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );

    // Changed behind the server's back: the kept page stands.
    await ctx.db.update(posts).set({ title: '直した題' }).where(eq(posts.id, post!.id));
    expect((await ctx.app.inject(url)).body).toContain('<title>初めの題 | えきスポ</title>');

    // A read through the API changes nothing; a successful write drops every kept page.
    expect((await ctx.app.inject(`/api/v2/posts/${post!.id}`)).statusCode).toBe(200);
    expect((await ctx.app.inject(url)).body).toContain('<title>初めの題 | えきスポ</title>');
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/register',
      payload: {
        name: '新しい会員',
        email: 'page-cache@example.jp',
        password: 'page cache password 1',
        password_confirmation: 'page cache password 1',
      },
    });
    expect(registered.statusCode).toBeLessThan(400);
    const after = await ctx.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<title>直した題 | えきスポ</title>');
  });
});
