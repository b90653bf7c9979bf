import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient } from '../../../test/post-client.js';
import { jpegWithGps, solidPng } from '../../../test/fixtures/images/image-fixtures.js';
import { multipartPayload } from '../../../test/multipart.js';
import { createTestApp } from '../../../test/test-app.js';
import { images, users } from '../../db/schema/index.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createAuthClient>;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createAuthClient(ctx, origin);
});
afterAll(async () => {
  await ctx?.close();
});

async function update(
  auth: { cookie?: string; token?: string },
  fields: Parameters<typeof multipartPayload>[0],
) {
  const { payload, headers } = await multipartPayload(fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v2/auth/update',
    payload,
    headers: {
      ...headers,
      origin,
      ...(auth.cookie && { cookie: auth.cookie }),
      ...(auth.token && { authorization: `Bearer ${auth.token}` }),
    },
  });
}

const avatarFile = async () => ({
  bytes: await jpegWithGps(900, 600),
  filename: 'me.jpg',
  type: 'image/jpeg',
});

describe('POST /api/v2/auth/update', () => {
  it('changes only the fields sent, from a multipart form', async () => {
    const { cookie } = await client.insertMemberAndLogIn('profile@example.jp');
    const first = await update({ cookie }, { name: ' 駅めぐり太郎 ', bio: '東京の駅が好きです。' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'プロフィールを更新しました。',
      data: { name: '駅めぐり太郎', bio: '東京の駅が好きです。', avatar: null, mail_opt_in: true },
    });

    const second = await update({ cookie }, { mail_opt_in: 'false' });
    expect(second.json().data).toMatchObject({
      name: '駅めぐり太郎',
      bio: '東京の駅が好きです。',
      mail_opt_in: false,
    });
    const me = await ctx.app.inject({ url: '/api/v2/auth/me', headers: { cookie } });
    expect(me.json().data).toMatchObject({ name: '駅めぐり太郎', mail_opt_in: false });
  });

  it('stores an avatar stripped of metadata, replaces it, and removes old files', async () => {
    const { token } = await client.insertMemberAndLogIn('avatar@example.jp');
    const before = await ctx.countImageFiles();

    const first = await update({ token }, { avatar: await avatarFile() });
    expect(first.statusCode).toBe(200);
    const firstId = first.json().data.avatar as string;
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ctx.countImageFiles()).toBe(before + 2);

    const served = await ctx.app.inject(`/api/v2/image/${firstId}?size=thumb`);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    const second = await update({ token }, { avatar: await avatarFile() });
    const secondId = second.json().data.avatar as string;
    expect(secondId).not.toBe(firstId);
    expect(await ctx.countImageFiles()).toBe(before + 2);
    expect((await ctx.app.inject(`/api/v2/image/${firstId}`)).statusCode).toBe(404);

    const removed = await update({ token }, { remove_avatar: 'true' });
    expect(removed.json().data.avatar).toBeNull();
    expect(await ctx.countImageFiles()).toBe(before);
    expect(await ctx.db.select().from(images).where(eq(images.id, secondId))).toEqual([]);
  });

  it('answers bad input with field errors and keeps everything as it was', async () => {
    const { token } = await client.insertMemberAndLogIn('bad-profile@example.jp');
    const before = await ctx.countImageFiles();

    const tooLong = await update({ token }, { name: 'あ'.repeat(31), bio: 'い'.repeat(161) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({
      name: ['ニックネームは30文字以内で入力してください。'],
      bio: ['自己紹介は160文字以内で入力してください。'],
    });

    const notAnImage = await update(
      { token },
      { avatar: { bytes: Buffer.from('<svg onload="alert(1)"/>'), filename: 'a.png' } },
    );
    expect(notAnImage.statusCode).toBe(422);
    expect(notAnImage.json().errors.avatar[0]).toContain('対応していない画像形式');

    const tooBig = await update(
      { token },
      { avatar: { bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff), filename: 'big.jpg' } },
    );
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.avatar[0]).toContain('10MB以下');

    const wrongField = await update({ token }, { bio: 'ok', photo: await solidPng(10, 10) });
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors).toHaveProperty('photo');

    // A valid avatar with an invalid name: the request fails whole, no file stays behind.
    const mixed = await update({ token }, { name: '', avatar: await avatarFile() });
    expect(mixed.statusCode).toBe(422);
    expect(await ctx.countImageFiles()).toBe(before);
    const [row] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'bad-profile@example.jp'));
    expect(row).toMatchObject({ name: '駅好き', bio: '', avatarImageId: null });
  });

  it('needs a session, multipart, and a same-origin cookie write', async () => {
    expect((await update({}, { name: 'x' })).statusCode).toBe(401);
    const { cookie } = await client.insertMemberAndLogIn('json-profile@example.jp');
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/update',
      payload: { name: 'x' },
      headers: { cookie, origin },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toContain('multipart/form-data');

    const { payload, headers } = await multipartPayload({ name: '乗っ取り' });
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/update',
      payload,
      headers: { ...headers, cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('leaving deletes uploaded images', () => {
  it('removes the avatar row and files with the account', async () => {
    const password = 'leave with avatar';
    const { token } = await client.insertMemberAndLogIn('leave-avatar@example.jp', password);
    const before = await ctx.countImageFiles();
    const uploaded = await update({ token }, { avatar: await avatarFile() });
    const avatarId = uploaded.json().data.avatar as string;
    expect(await ctx.countImageFiles()).toBe(before + 2);

    const left = await client.post('/delete', { password }, { authorization: `Bearer ${token}` });
    expect(left.statusCode).toBe(200);
    expect(await ctx.countImageFiles()).toBe(before);
    expect(await ctx.db.select().from(images).where(eq(images.id, avatarId))).toEqual([]);
  });

  it('keeps posts others attached to the member’s posts, and takes the member out of counts', async () => {
    const posts = createPostClient(ctx, origin);
    const password = 'leave with a spot';
    const owner = await client.insertMemberAndLogIn('leave-spot@example.jp', password);
    const visitor = await client.insertMemberAndLogIn('visitor-photo@example.jp');
    const before = await ctx.countImageFiles();
    const spot = await posts.createdPost(owner, {
      kind: 'spot',
      title: '駅前の桜並木',
      lat: '35.681',
      lng: '139.767',
    });
    const photo = await posts.createdPost(visitor, {
      kind: 'image',
      parent_post_id: spot.id,
      'images[0]': await avatarFile(),
    });
    const visitorSpot = await posts.createdPost(visitor, {
      kind: 'spot',
      title: '高架下の喫茶店',
      lat: '35.682',
      lng: '139.768',
    });
    for (const path of ['like', 'want']) {
      expect((await posts.json('POST', `/posts/${visitorSpot.id}/${path}`, owner)).statusCode).toBe(
        200,
      );
    }
    const commented = await posts.json('POST', `/posts/${visitorSpot.id}/comments`, owner, {
      body: '行ってみたいです',
    });
    expect(commented.statusCode).toBe(201);
    await posts.json('POST', `/posts/${visitorSpot.id}/like`, visitor);
    expect(await ctx.countImageFiles()).toBe(before + 2);

    const left = await client.post(
      '/delete',
      { password },
      { authorization: `Bearer ${owner.token}` },
    );
    expect(left.statusCode).toBe(200);
    expect((await posts.json('GET', `/posts/${spot.id}`)).statusCode).toBe(404);
    const kept = await posts.json('GET', `/posts/${photo.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({
      parent_post_id: null,
      station_group_id: spot.station_group_id,
      images: photo.images,
    });
    expect(await ctx.countImageFiles()).toBe(before + 2);
    const counted = (await posts.json('GET', `/posts/${visitorSpot.id}`)).json().data;
    expect(counted).toMatchObject({ like_count: 1, want_count: 0, comment_count: 0 });
  });
});
