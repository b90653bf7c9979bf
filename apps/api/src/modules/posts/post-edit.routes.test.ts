import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  photoFile,
  SHINJUKU_POINT,
  stationGroupIdOf,
  type TestAuth,
} from '../../../test/post-client.js';
import { multipartPayload } from '../../../test/multipart.js';
import { createTestApp } from '../../../test/test-app.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let owner: TestAuth;
let other: TestAuth;
let ownerCookie: string;
let tokyo: number;
let shinjuku: number;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  const session = await accounts.insertMemberAndLogIn('edit-owner@example.jp');
  owner = { token: session.token };
  ownerCookie = session.cookie;
  other = { token: (await accounts.insertMemberAndLogIn('edit-other@example.jp')).token };
  tokyo = await stationGroupIdOf(ctx.db, '東京', 13);
  shinjuku = await stationGroupIdOf(ctx.db, '新宿', 13);
});
afterAll(async () => {
  await ctx?.close();
});

const event = {
  kind: 'event',
  title: '夏祭り',
  body: '屋台が出ます',
  starts_at: '2026-08-01T17:00:00+09:00',
  ends_at: '2026-08-01T21:00:00+09:00',
};

describe('PATCH /api/v2/posts/{postId}', () => {
  it('changes only the fields sent and re-links a moved spot', async () => {
    const spot = await client.createdPost(owner, {
      kind: 'spot',
      title: '広場',
      body: '説明',
      ...NEAR_TOKYO_STATION,
    });
    const renamed = await client.updatePost(owner, spot.id, {
      title: ' 丸の内広場 ',
      kind: 'image',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      kind: 'spot',
      title: '丸の内広場',
      body: '説明',
      station_group_id: tokyo,
    });
    expect(renamed.json().data.updated_at >= spot.updated_at).toBe(true);

    const moved = await client.updatePost(owner, spot.id, { ...SHINJUKU_POINT, body: '' });
    expect(moved.json().data).toMatchObject({
      title: '丸の内広場',
      body: '',
      lat: 35.69,
      station_group_id: shinjuku,
    });

    const unplaced = await client.updatePost(owner, spot.id, { lat: '', lng: '' });
    expect(unplaced.statusCode).toBe(422);
    expect(unplaced.json().errors).toEqual({ lat: ['地図でスポットの場所を選んでください。'] });
  });

  it('checks the kind rules on the edited event', async () => {
    const post = await client.createdPost(owner, { ...event, station_group_id: String(tokyo) });

    const backwards = await client.updatePost(owner, post.id, {
      ends_at: '2026-08-01T16:00:00+09:00',
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({
      ends_at: ['終了日時は開始日時より後にしてください。'],
    });

    const placeless = await client.updatePost(owner, post.id, { station_group_id: '' });
    expect(placeless.json().errors).toEqual({
      station_group_id: [
        '開催場所として、駅・地図上の地点・スポットのいずれかを指定してください。',
      ],
    });

    const moved = await client.updatePost(owner, post.id, {
      station_group_id: '',
      ...SHINJUKU_POINT,
      ends_at: '2026-08-02T01:00:00+09:00',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      station_group_id: null,
      lat: 35.69,
      title: '夏祭り',
      body: '屋台が出ます',
      starts_at: '2026-08-01T08:00:00.000Z',
      ends_at: '2026-08-01T16:00:00.000Z',
    });

    const unknownStation = await client.updatePost(owner, post.id, {
      station_group_id: '999999999',
    });
    expect(unknownStation.json().errors).toEqual({
      station_group_id: ['指定された駅が見つかりませんでした。'],
    });
  });
});

describe('only the owner writes', () => {
  it('answers 401 to visitors and 403 to other members on every post write', async () => {
    const post = await client.createdPost(owner, {
      kind: 'spot',
      title: '私の',
      ...NEAR_TOKYO_STATION,
    });

    const visitorEdit = await client.updatePost({}, post.id, { title: '乗っ取り' });
    expect(visitorEdit.statusCode).toBe(401);
    const visitorDelete = await client.json('DELETE', `/posts/${post.id}`);
    expect(visitorDelete.statusCode).toBe(401);

    const otherEdit = await client.updatePost(other, post.id, {
      title: '乗っ取り',
      'images[0]': await photoFile(),
    });
    expect(otherEdit.statusCode).toBe(403);
    expect(otherEdit.json()).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      message: 'この投稿を編集する権限がありません。',
    });
    const otherDelete = await client.json('DELETE', `/posts/${post.id}`, other);
    expect(otherDelete.statusCode).toBe(403);
    expect(otherDelete.json().message).toBe('この投稿を削除する権限がありません。');

    const missing = await client.updatePost(other, '01890000-0000-7000-8000-000000000000', {
      title: 'x',
    });
    expect(missing.statusCode).toBe(404);

    const after = await client.json('GET', `/posts/${post.id}`);
    expect(after.json().data.title).toBe('私の');
  });

  it('refuses cookie writes from another origin (CSRF)', async () => {
    const post = await client.createdPost(owner, {
      kind: 'spot',
      title: '守る',
      ...NEAR_TOKYO_STATION,
    });
    const { payload, headers } = await multipartPayload({ title: '乗っ取り' });
    const crossSite = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/posts/${post.id}`,
      payload,
      headers: { ...headers, cookie: ownerCookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const like = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/posts/${post.id}/like`,
      headers: { cookie: ownerCookie, origin: 'https://evil.example' },
    });
    expect(like.statusCode).toBe(403);
    const sameSite = await client.updatePost({ cookie: ownerCookie }, post.id, { title: '自分で' });
    expect(sameSite.statusCode).toBe(200);
  });

  it('answers 401 to visitors on comments and reactions', async () => {
    const post = await client.createdPost(owner, {
      kind: 'spot',
      title: '反応',
      ...NEAR_TOKYO_STATION,
    });
    const writes: ['POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['POST', `/posts/${post.id}/comments`, { body: 'こんにちは' }],
      ['POST', `/posts/${post.id}/like`],
      ['DELETE', `/posts/${post.id}/like`],
      ['POST', `/posts/${post.id}/want`],
      ['DELETE', `/posts/${post.id}/want`],
      ['POST', `/stations/${tokyo}/want-to-visit`],
      ['DELETE', `/stations/${tokyo}/want-to-visit`],
    ];
    for (const [method, url, payload] of writes) {
      const response = await client.json(method, url, {}, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
