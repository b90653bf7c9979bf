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
import { createTestApp } from '../../../test/test-app.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let alice: TestAuth;
let bob: TestAuth;
let tokyo: number;
let shinjuku: number;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  alice = { token: (await accounts.insertMemberAndLogIn('alice@example.jp')).token };
  bob = { cookie: (await accounts.insertMemberAndLogIn('bob@example.jp')).cookie };
  tokyo = await stationGroupIdOf(ctx.db, '東京', 13);
  shinjuku = await stationGroupIdOf(ctx.db, '新宿', 13);
});
afterAll(async () => {
  await ctx?.close();
});

const event = {
  kind: 'event',
  title: '駅前マルシェ',
  starts_at: '2026-05-01T10:00:00+09:00',
  ends_at: '2026-05-01T16:00:00+09:00',
};

describe('POST /api/v2/posts: spots', () => {
  it('creates a spot and links the nearest station group', async () => {
    const response = await client.createPost(alice, {
      kind: 'spot',
      title: '  丸の内駅舎の見える広場  ',
      body: '<b>夜</b>のライトアップがきれい',
      ...NEAR_TOKYO_STATION,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      status: 201,
      message: '投稿しました。',
    });
    const post = response.json().data;
    expect(post).toMatchObject({
      kind: 'spot',
      title: '丸の内駅舎の見える広場',
      // Stored as typed, never turned into HTML.
      body: '<b>夜</b>のライトアップがきれい',
      station_group_id: tokyo,
      station: { id: tokyo, name: '東京', prefecture_name: '東京都' },
      lat: 35.6813,
      lng: 139.766,
      starts_at: null,
      images: [],
      like_count: 0,
      liked: false,
      want_count: 0,
      comment_count: 0,
      child_count: 0,
      parent: null,
      user: { name: '駅好き', avatar: null },
    });
  });

  it('ignores a sent station and links the one nearest the point', async () => {
    const post = await client.createdPost(alice, {
      kind: 'spot',
      title: '新宿御苑の入口',
      station_group_id: String(tokyo),
      ...SHINJUKU_POINT,
    });
    expect(post.station_group_id).toBe(shinjuku);
  });

  it('needs a name and a point in Japan, and has no parent or dates', async () => {
    const missing = await client.createPost(alice, { kind: 'spot' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ success: false, data: null, code: 'VALIDATION_FAILED' });
    expect(missing.json().errors).toEqual({
      title: ['スポット名を入力してください。'],
      lat: ['地図でスポットの場所を選んでください。'],
    });

    const abroad = await client.createPost(alice, {
      kind: 'spot',
      title: 'パリ',
      lat: '48.85',
      lng: '2.35',
    });
    expect(abroad.json().errors).toEqual({
      lat: ['日本国内の場所を選んでください。'],
      lng: ['日本国内の場所を選んでください。'],
    });

    const busan = await client.createPost(alice, {
      kind: 'spot',
      title: '釜山駅',
      lat: '35.1151',
      lng: '129.0415',
    });
    expect(busan.statusCode).toBe(422);
    expect(busan.json().errors).toEqual({ lat: ['日本国内の場所を選んでください。'] });

    const half = await client.createPost(alice, { kind: 'spot', title: '片方だけ', lat: '35.68' });
    expect(half.json().errors).toEqual({ lng: ['緯度と経度は両方指定してください。'] });

    const spot = await client.createdPost(alice, {
      kind: 'spot',
      title: '親',
      ...NEAR_TOKYO_STATION,
    });
    const extra = await client.createPost(alice, {
      kind: 'spot',
      title: '子スポット',
      ...NEAR_TOKYO_STATION,
      parent_post_id: spot.id,
      starts_at: event.starts_at,
    });
    expect(extra.json().errors).toEqual({
      parent_post_id: ['スポットは他の投稿に紐付けられません。'],
      starts_at: ['日時はイベントにのみ指定できます。'],
    });
  });
});

describe('POST /api/v2/posts: events', () => {
  it('takes a station, a point, or a parent spot as its place', async () => {
    const atStation = await client.createdPost(alice, {
      ...event,
      station_group_id: String(tokyo),
    });
    expect(atStation).toMatchObject({
      station_group_id: tokyo,
      lat: null,
      starts_at: '2026-05-01T01:00:00.000Z',
      ends_at: '2026-05-01T07:00:00.000Z',
    });

    const atPoint = await client.createdPost(alice, { ...event, ...SHINJUKU_POINT });
    expect(atPoint).toMatchObject({ station_group_id: null, lat: 35.69, lng: 139.7003 });

    const spot = await client.createdPost(bob, {
      kind: 'spot',
      title: '広場',
      ...NEAR_TOKYO_STATION,
    });
    const atSpot = await client.createdPost(alice, { ...event, parent_post_id: spot.id });
    // It points at the spot and copies nothing from it.
    expect(atSpot).toMatchObject({
      parent_post_id: spot.id,
      parent: { id: spot.id, kind: 'spot', title: '広場' },
      station_group_id: null,
      lat: null,
    });
    const parent = await client.json('GET', `/posts/${spot.id}`);
    expect(parent.json().data.child_count).toBe(1);
  });

  it('needs a name, a start before its end, and a place', async () => {
    const empty = await client.createPost(alice, { kind: 'event' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      title: ['イベント名を入力してください。'],
      starts_at: ['開始日時を入力してください。'],
      ends_at: ['終了日時を入力してください。'],
      station_group_id: [
        '開催場所として、駅・地図上の地点・スポットのいずれかを指定してください。',
      ],
    });

    const backwards = await client.createPost(alice, {
      ...event,
      starts_at: event.ends_at,
      ends_at: event.starts_at,
      station_group_id: String(tokyo),
    });
    expect(backwards.json().errors).toEqual({
      ends_at: ['終了日時は開始日時より後にしてください。'],
    });

    const noZone = await client.createPost(alice, {
      ...event,
      starts_at: '2026-05-01 10:00',
      station_group_id: String(tokyo),
    });
    expect(noZone.json().errors.starts_at[0]).toContain('ISO 8601');
  });

  it('refuses unknown stations and parents, and parents that are not spots', async () => {
    const unknown = await client.createPost(alice, {
      ...event,
      station_group_id: '999999999',
      parent_post_id: '01890000-0000-7000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      station_group_id: ['指定された駅が見つかりませんでした。'],
      parent_post_id: ['指定された投稿が見つかりませんでした。'],
    });

    const other = await client.createdPost(alice, { ...event, station_group_id: String(tokyo) });
    const onEvent = await client.createPost(alice, { ...event, parent_post_id: other.id });
    expect(onEvent.json().errors).toEqual({
      parent_post_id: ['イベントはスポットにのみ紐付けられます。'],
    });
    const notUuid = await client.createPost(alice, { ...event, parent_post_id: 'abc' });
    expect(notUuid.json().errors).toEqual({ parent_post_id: ['URLが正しくありません。'] });
  });
});

describe('POST /api/v2/posts: image posts', () => {
  it('needs a photo and a station or a spot/event', async () => {
    const bare = await client.createPost(alice, { kind: 'image' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({
      images: ['写真を1枚以上選んでください。'],
      station_group_id: ['写真を投稿する駅、またはスポット・イベントを指定してください。'],
    });

    const atStation = await client.createdPost(alice, {
      kind: 'image',
      station_group_id: String(shinjuku),
      'images[0]': await photoFile(),
    });
    expect(atStation).toMatchObject({ kind: 'image', title: '', station_group_id: shinjuku });
    expect(atStation.images).toHaveLength(1);
    expect(atStation.images[0]).toMatchObject({ width: 640, height: 480 });

    const onImage = await client.createPost(alice, {
      kind: 'image',
      parent_post_id: atStation.id,
      'images[0]': await photoFile(),
    });
    expect(onImage.json().errors).toEqual({
      parent_post_id: ['写真はスポットまたはイベントにのみ紐付けられます。'],
    });

    const eventPost = await client.createdPost(bob, { ...event, station_group_id: String(tokyo) });
    const onEvent = await client.createdPost(alice, {
      kind: 'image',
      parent_post_id: eventPost.id,
      'images[0]': await photoFile(),
    });
    expect(onEvent.parent).toMatchObject({ id: eventPost.id, kind: 'event' });
  });

  it('needs a session and multipart', async () => {
    const visitor = await client.createPost(
      {},
      { kind: 'spot', title: 'x', ...NEAR_TOKYO_STATION },
    );
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('ログインが必要です。');
    const json = await client.json('POST', '/posts', alice, { kind: 'spot' });
    expect(json.statusCode).toBe(415);
  });
});

describe('GET /api/v2/posts/{postId}', () => {
  it('answers visitors and members, 404 for unknown posts and 422 for bad ids', async () => {
    const post = await client.createdPost(alice, {
      kind: 'spot',
      title: '見る',
      ...NEAR_TOKYO_STATION,
    });
    const visitor = await client.json('GET', `/posts/${post.id}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().data).toMatchObject({ id: post.id, liked: false, wanted: false });
    expect(visitor.headers['cache-control']).toBe('private, no-cache');

    await client.json('POST', `/posts/${post.id}/like`, bob);
    const member = await client.json('GET', `/posts/${post.id}`, bob);
    expect(member.json().data).toMatchObject({ liked: true, like_count: 1 });

    const missing = await client.json('GET', '/posts/01890000-0000-7000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('投稿が見つかりませんでした。');
    expect((await client.json('GET', '/posts/not-a-uuid')).statusCode).toBe(422);
  });
});

describe('OpenAPI', () => {
  it('documents every posts route with tags, security and the multipart forms', async () => {
    const spec = (await ctx.app.inject('/api/v2/openapi.json')).json();
    const paths = spec.paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v2/posts',
        '/api/v2/posts/{postId}',
        '/api/v2/posts/{postId}/comments',
        '/api/v2/posts/{postId}/comments/{commentId}',
        '/api/v2/posts/{postId}/like',
        '/api/v2/posts/{postId}/want',
        '/api/v2/stations/{stationGroupId}/posts',
        '/api/v2/stations/{stationGroupId}/want-to-visit',
      ]),
    );
    const create = paths['/api/v2/posts'].post;
    expect(create.tags).toEqual(['posts']);
    expect(create.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(Object.keys(create.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(['201', '401', '413', '415', '422']),
    );
    expect(Object.keys(paths['/api/v2/posts/{postId}'].patch.requestBody.content)).toEqual([
      'multipart/form-data',
    ]);
    expect(paths['/api/v2/posts/{postId}'].delete.responses).toHaveProperty('403');
  });
});
