import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  stationGroupIdOf,
  type TestAuth,
} from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { follows, users } from '../../db/schema/index.js';
import { encodeKeyPair, INVALID_CURSOR_MESSAGE } from '../../lib/page-cursor.js';
import { USER_MESSAGES } from './users.messages.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let accounts: ReturnType<typeof createAuthClient>;
const origin = 'http://localhost:3000';

interface Member extends TestAuth {
  id: string;
  email: string;
}
const members: Member[] = [];
let tokyo: number;

async function newMember(email: string, name: string): Promise<Member> {
  const { token } = await accounts.insertMemberAndLogIn(email);
  const [row] = await ctx.db
    .update(users)
    .set({ name })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return { id: row!.id, token, email };
}

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  accounts = createAuthClient(ctx, origin);
  const names = ['山田太郎', '田中花子', 'Ekispot Fan', 'やまだ鉄道', '佐藤一郎', '鈴木次郎'];
  for (const [i, name] of names.entries()) members.push(await newMember(`p${i}@example.jp`, name));
  tokyo = await stationGroupIdOf(ctx.db, '東京', 13);
});
afterAll(async () => {
  await ctx?.close();
});

const m = (i: number) => members[i]!;
const get = (url: string, auth: TestAuth = {}) => client.json('GET', url, auth);
const data = (response: { json(): unknown }) => (response.json() as { data: never }).data;

async function storedCounts(userId: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
  const [rows] = await ctx.db
    .select({
      followers:
        sql<number>`(select count(*) from ${follows} where followee_id = ${userId})`.mapWith(
          Number,
        ),
      following:
        sql<number>`(select count(*) from ${follows} where follower_id = ${userId})`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`);
  return {
    followerCount: row!.followerCount,
    followingCount: row!.followingCount,
    followers: rows!.followers,
    following: rows!.following,
  };
}

async function newSpot(owner: Member, title = 'スポット') {
  return client.createdPost(owner, { kind: 'spot', title, ...NEAR_TOKYO_STATION });
}

describe('profile', () => {
  it('shows counts and, for visitors, no relation', async () => {
    await newSpot(m(0), '山田のスポット');
    const response = await get(`/users/${m(0).id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(data(response)).toMatchObject({
      id: m(0).id,
      name: '山田太郎',
      bio: '',
      avatar: null,
      post_count: 1,
      follower_count: 0,
      following_count: 0,
      stamp_count: 0,
      list_count: 0,
      actions_public: true,
      followed_by_me: false,
      follows_me: false,
      blocked_by_me: false,
      muted_by_me: false,
    });
  });

  it('answers 404 for a member who does not exist and 422 for a malformed id', async () => {
    const missing = await get('/users/01900000-0000-7000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, data: null, code: 'NOT_FOUND' });
    expect((await get('/users/not-a-uuid')).statusCode).toBe(422);
    expect((await get('/users/01900000-0000-7000-8000-000000000000/posts')).statusCode).toBe(404);
  });
});

describe('follows', () => {
  it('need a session; nobody follows themself; an unknown member is 404', async () => {
    const anonymous = await client.json('POST', `/users/${m(0).id}/follow`);
    expect(anonymous.statusCode).toBe(401);
    const self = await client.json('POST', `/users/${m(1).id}/follow`, m(1));
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      message: '自分自身をフォローすることはできません。',
      errors: { user_id: ['自分自身をフォローすることはできません。'] },
    });
    const unknown = await client.json(
      'POST',
      '/users/01900000-0000-7000-8000-000000000000/follow',
      m(1),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('are idempotent, counted, listed with followed_by_me, and undone', async () => {
    const first = await client.json('POST', `/users/${m(0).id}/follow`, m(1));
    expect(first.statusCode).toBe(200);
    expect(data(first)).toEqual({ followed_by_me: true, follower_count: 1 });
    const again = await client.json('POST', `/users/${m(0).id}/follow`, m(1));
    expect(data(again)).toEqual({ followed_by_me: true, follower_count: 1 });
    await client.json('POST', `/users/${m(0).id}/follow`, m(2));
    await client.json('POST', `/users/${m(1).id}/follow`, m(0));

    expect(data(await get(`/users/${m(0).id}`, m(1)))).toMatchObject({
      follower_count: 2,
      following_count: 1,
      followed_by_me: true,
      follows_me: true,
    });

    // Newest follow first; m(1) sees whom among them it follows.
    const followers = await get(`/users/${m(0).id}/followers?limit=1`, m(1));
    const page1 = data(followers) as { items: { id: string }[]; next_cursor: string };
    expect(page1.items.map((u) => u.id)).toEqual([m(2).id]);
    const next = await get(`/users/${m(0).id}/followers?limit=1&cursor=${page1.next_cursor}`, m(1));
    expect(data(next)).toMatchObject({
      items: [{ id: m(1).id, name: '田中花子', followed_by_me: false, follower_count: 1 }],
      next_cursor: null,
    });
    const following = await get(`/users/${m(1).id}/following`, m(2));
    expect(data(following)).toMatchObject({
      items: [{ id: m(0).id, followed_by_me: true, follower_count: 2 }],
    });

    const undone = await client.json('DELETE', `/users/${m(0).id}/follow`, m(2));
    expect(data(undone)).toEqual({ followed_by_me: false, follower_count: 1 });
    const undoneAgain = await client.json('DELETE', `/users/${m(0).id}/follow`, m(2));
    expect(data(undoneAgain)).toEqual({ followed_by_me: false, follower_count: 1 });
    expect(await storedCounts(m(0).id)).toEqual({
      followerCount: 1,
      followingCount: 1,
      followers: 1,
      following: 1,
    });
  });

  it('keep exact counts under parallel follows and unfollows, both ways at once', async () => {
    const target = m(3);
    const others = [m(0), m(1), m(2), m(4), m(5)];
    const requests = [];
    for (let round = 0; round < 4; round += 1) {
      for (const other of others) {
        const method = (round + others.indexOf(other)) % 2 === 0 ? 'POST' : 'DELETE';
        requests.push(client.json(method, `/users/${target.id}/follow`, other));
        // The other way round at the same time: locks are taken in one order, no deadlock.
        requests.push(client.json(method, `/users/${other.id}/follow`, target));
      }
    }
    const responses = await Promise.all(requests);
    expect(responses.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    for (const member of [target, ...others]) {
      const counts = await storedCounts(member.id);
      expect(counts.followerCount).toBe(counts.followers);
      expect(counts.followingCount).toBe(counts.following);
    }
    // Tidy up so that later tests start from known follows.
    for (const other of others) {
      await client.json('DELETE', `/users/${target.id}/follow`, other);
      await client.json('DELETE', `/users/${other.id}/follow`, target);
    }
    expect(await storedCounts(target.id)).toMatchObject({ followerCount: 0, followingCount: 0 });
  });

  it('reject a made-up cursor with a field error', async () => {
    const response = await get(`/users/${m(0).id}/followers?cursor=bm9wZQ`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { cursor: [expect.any(String)] } });
  });
});

describe('profile tabs', () => {
  it('list posts by the time of the like or want, not of the post', async () => {
    const older = await newSpot(m(4), '古いスポット');
    const newer = await newSpot(m(4), '新しいスポット');
    const event = await client.createdPost(m(4), {
      kind: 'event',
      title: '駅まつり',
      station_group_id: String(tokyo),
      starts_at: '2030-05-01T10:00:00+09:00',
      ends_at: '2030-05-01T16:00:00+09:00',
    });
    await client.json('POST', `/posts/${newer.id}/like`, m(5));
    await client.json('POST', `/posts/${older.id}/like`, m(5));
    await client.json('POST', `/posts/${older.id}/want`, m(5));
    await client.json('POST', `/posts/${event.id}/want`, m(5));
    await client.json('POST', `/stations/${tokyo}/want-to-visit`, m(5));

    const liked = data(await get(`/users/${m(5).id}/liked`)) as {
      items: { id: string; title: string; user: { id: string } }[];
      hidden: null;
    };
    expect(liked.items.map((p) => p.title)).toEqual(['古いスポット', '新しいスポット']);
    expect(liked.hidden).toBeNull();
    const page = data(await get(`/users/${m(5).id}/liked?limit=1`)) as { next_cursor: string };
    const rest = data(await get(`/users/${m(5).id}/liked?limit=1&cursor=${page.next_cursor}`));
    expect(rest).toMatchObject({ items: [{ title: '新しいスポット' }], next_cursor: null });

    expect(data(await get(`/users/${m(5).id}/want-to-visit-spots`))).toMatchObject({
      items: [{ id: older.id, kind: 'spot', wanted: false }],
    });
    expect(data(await get(`/users/${m(5).id}/want-to-visit-spots`, m(5)))).toMatchObject({
      items: [{ id: older.id, wanted: true }],
    });
    expect(data(await get(`/users/${m(5).id}/want-to-participate-events`))).toMatchObject({
      items: [{ id: event.id, kind: 'event' }],
    });
    expect(data(await get(`/users/${m(5).id}/want-to-visit-stations`))).toMatchObject({
      items: [
        { id: tokyo, name: '東京', prefecture_name: '東京都', wanted_at: expect.any(String) },
      ],
      hidden: null,
    });
    expect(data(await get(`/users/${m(4).id}/posts`))).toMatchObject({
      items: [{ id: event.id }, { id: newer.id }, { id: older.id }],
    });
    expect(data(await get(`/users/${m(4).id}/lists`))).toEqual({
      items: [],
      next_cursor: null,
      hidden: null,
    });
    expect(data(await get(`/users/${m(4).id}/stamps`))).toEqual({
      items: [],
      next_cursor: null,
      hidden: null,
    });
  });

  it('keep liked and want tabs to the owner when the owner chooses so', async () => {
    const put = (auth: TestAuth, payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v2/users/me/privacy',
        headers: { origin, authorization: `Bearer ${auth.token}` },
        payload,
      });
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/v2/users/me/privacy',
          payload: { actions_public: false },
        })
      ).statusCode,
    ).toBe(401);
    const bad = await put(m(5), { actions_public: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { actions_public: [expect.any(String)] } });
    expect(data(await put(m(5), { actions_public: false }))).toEqual({ actions_public: false });

    for (const tab of [
      'liked',
      'want-to-visit-spots',
      'want-to-participate-events',
      'want-to-visit-stations',
    ]) {
      expect(data(await get(`/users/${m(5).id}/${tab}`, m(4)))).toEqual({
        items: [],
        next_cursor: null,
        hidden: 'private',
      });
      expect(data(await get(`/users/${m(5).id}/${tab}`))).toMatchObject({ hidden: 'private' });
      const own = data(await get(`/users/${m(5).id}/${tab}`, m(5))) as { items: unknown[] };
      expect(own).toMatchObject({ hidden: null });
      expect(own.items.length).toBeGreaterThan(0);
    }
    expect(data(await get(`/users/${m(5).id}`))).toMatchObject({ actions_public: false });
    await put(m(5), { actions_public: true });
    expect(data(await get(`/users/${m(5).id}/liked`, m(4)))).toMatchObject({ hidden: null });
  });
});

describe('directory', () => {
  it('puts the most-followed first, with a stable order among equals', async () => {
    await client.json('POST', `/users/${m(4).id}/follow`, m(0));
    await client.json('POST', `/users/${m(4).id}/follow`, m(1));
    await client.json('POST', `/users/${m(1).id}/follow`, m(2));
    const all = data(await get('/users?limit=100')) as {
      items: { id: string; follower_count: number }[];
    };
    expect(all.items).toHaveLength(6);
    const counts = all.items.map((u) => u.follower_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(all.items[0]!.id).toBe(m(4).id);

    // Paging one by one gives the same order: no member twice, none skipped.
    const paged: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = data(await get(`/users?limit=2&cursor=${cursor}`)) as {
        items: { id: string }[];
        next_cursor: string | null;
      };
      paged.push(...page.items.map((u) => u.id));
      cursor = page.next_cursor;
    }
    expect(paged).toEqual(all.items.map((u) => u.id));
  });

  it('finds names by any part, in kana, kanji or Latin letters of either case', async () => {
    const names = async (q: string) =>
      (data(await get(`/users?q=${encodeURIComponent(q)}`)) as { items: { name: string }[] }).items
        .map((u) => u.name)
        .sort();
    expect(await names('田')).toEqual(['山田太郎', '田中花子']);
    expect(await names('山田')).toEqual(['山田太郎']);
    expect(await names('やまだ')).toEqual(['やまだ鉄道']);
    expect(await names('spot f')).toEqual(['Ekispot Fan']);
    expect(await names('ＥＫＩ')).toEqual(['Ekispot Fan']);
    expect(await names('存在しない名前')).toEqual([]);
    const tooLong = await get(`/users?q=${'あ'.repeat(51)}`);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({ errors: { q: [expect.any(String)] } });
  });
});

describe('blocks and mutes', () => {
  it('a block ends follows both ways and keeps counts right', async () => {
    await client.json('POST', `/users/${m(2).id}/follow`, m(3));
    await client.json('POST', `/users/${m(3).id}/follow`, m(2));
    const blocked = await client.json('POST', `/users/${m(3).id}/block`, m(2));
    expect(blocked.statusCode).toBe(200);
    expect(data(blocked)).toEqual({ blocked_by_me: true });
    for (const member of [m(2), m(3)]) {
      const counts = await storedCounts(member.id);
      expect(counts.followerCount).toBe(counts.followers);
      expect(counts.followingCount).toBe(counts.following);
    }
    expect(data(await get(`/users/${m(3).id}`, m(2)))).toMatchObject({
      blocked_by_me: true,
      followed_by_me: false,
      follows_me: false,
    });
    // The blocked member is not told.
    expect(data(await get(`/users/${m(2).id}`, m(3)))).toMatchObject({ blocked_by_me: false });
  });

  it('stops the blocked member following, liking, wanting and commenting (403)', async () => {
    const spot = await newSpot(m(2), 'ブロックした人のスポット');
    const follow = await client.json('POST', `/users/${m(2).id}/follow`, m(3));
    expect(follow.statusCode).toBe(403);
    expect(follow.json()).toMatchObject({ message: 'このユーザーとはやり取りできません。' });
    const message = 'この投稿の投稿者とはやり取りできないため、この操作はできません。';
    for (const [method, url, payload] of [
      ['POST', `/posts/${spot.id}/like`, undefined],
      ['POST', `/posts/${spot.id}/want`, undefined],
      ['POST', `/posts/${spot.id}/comments`, { body: 'こんにちは' }],
    ] as const) {
      const refused = await client.json(method, url, m(3), payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message });
    }
    // The blocker cannot follow whom they blocked either, until they unblock.
    const own = await client.json('POST', `/users/${m(3).id}/follow`, m(2));
    expect(own.statusCode).toBe(403);
    // Others still can.
    expect((await client.json('POST', `/posts/${spot.id}/like`, m(1))).statusCode).toBe(200);
  });

  it('hides the blocked member from the blocker and lists blocks only to the blocker', async () => {
    const theirs = await newSpot(m(3), 'ブロックされた人のスポット');
    await client.json('POST', `/posts/${theirs.id}/comments`, m(3), { body: '見えないはず' });
    const titles = async (auth: TestAuth) =>
      (data(await get('/posts?limit=100', auth)) as { items: { id: string }[] }).items.map(
        (p) => p.id,
      );
    expect(await titles(m(2))).not.toContain(theirs.id);
    expect(await titles(m(1))).toContain(theirs.id);
    const comments = data(await get(`/posts/${theirs.id}/comments`, m(2))) as {
      items: unknown[];
    };
    expect(comments.items).toEqual([]);
    expect(data(await get(`/users/${m(3).id}/posts`, m(2)))).toEqual({
      items: [],
      next_cursor: null,
      hidden: 'blocked',
    });
    expect(data(await get(`/users/${m(3).id}`, m(2)))).toMatchObject({ bio: '' });
    const directory = data(await get('/users?limit=100', m(2))) as { items: { id: string }[] };
    expect(directory.items.map((u) => u.id)).not.toContain(m(3).id);

    expect(data(await get('/users/me/blocks', m(2)))).toMatchObject({
      items: [{ id: m(3).id }],
      next_cursor: null,
    });
    expect(data(await get('/users/me/blocks', m(3)))).toEqual({ items: [], next_cursor: null });
    expect((await get('/users/me/blocks')).statusCode).toBe(401);

    const unblocked = await client.json('DELETE', `/users/${m(3).id}/block`, m(2));
    expect(data(unblocked)).toEqual({ blocked_by_me: false });
    expect(await titles(m(2))).toContain(theirs.id);
    expect((await client.json('POST', `/users/${m(2).id}/follow`, m(3))).statusCode).toBe(200);
    expect((await client.json('POST', `/users/${m(2).id}/block`, m(2))).statusCode).toBe(422);
    expect((await client.json('POST', `/users/${m(2).id}/block`)).statusCode).toBe(401);
  });

  it('a mute hides posts and comments from the muter only, silently', async () => {
    const theirs = await newSpot(m(1), 'ミュートされる人のスポット');
    await client.json('POST', `/posts/${theirs.id}/comments`, m(1), { body: 'ミュート対象' });
    const muted = await client.json('POST', `/users/${m(1).id}/mute`, m(0));
    expect(data(muted)).toEqual({ muted_by_me: true });
    const ids = async (auth: TestAuth) =>
      (data(await get('/posts?limit=100', auth)) as { items: { id: string }[] }).items.map(
        (p) => p.id,
      );
    expect(await ids(m(0))).not.toContain(theirs.id);
    expect(await ids(m(5))).toContain(theirs.id);
    expect(
      (data(await get(`/posts/${theirs.id}/comments`, m(0))) as { items: unknown[] }).items,
    ).toEqual([]);
    // A post the muter can open counts only the comments they are shown.
    const others = await newSpot(m(5), '第三者のスポット');
    await client.json('POST', `/posts/${others.id}/comments`, m(1), { body: 'ミュート対象の声' });
    await client.json('POST', `/posts/${others.id}/comments`, m(5), { body: '持ち主の声' });
    expect(data(await get(`/posts/${others.id}`, m(0)))).toMatchObject({ comment_count: 1 });
    expect(data(await get(`/posts/${others.id}`, m(5)))).toMatchObject({ comment_count: 2 });
    expect(data(await get(`/posts/${others.id}`))).toMatchObject({ comment_count: 2 });
    // Muting is no block: the muted member may still react, and learns nothing.
    const mine = await newSpot(m(0), 'ミュートした人のスポット');
    expect((await client.json('POST', `/posts/${mine.id}/like`, m(1))).statusCode).toBe(200);
    expect(data(await get(`/users/${m(0).id}`, m(1)))).toMatchObject({ muted_by_me: false });
    expect(data(await get(`/users/${m(1).id}`, m(0)))).toMatchObject({ muted_by_me: true });
    expect(data(await get('/users/me/mutes', m(0)))).toMatchObject({ items: [{ id: m(1).id }] });
    expect(data(await get('/users/me/mutes', m(1)))).toEqual({ items: [], next_cursor: null });

    await client.json('DELETE', `/users/${m(1).id}/mute`, m(0));
    expect(await ids(m(0))).toContain(theirs.id);
    expect((await client.json('POST', `/users/${m(0).id}/mute`, m(0))).statusCode).toBe(422);
  });
});

describe('leaving', () => {
  it("removes the member's follows, blocks and mutes and keeps others' counts right", async () => {
    const leaver = await newMember('leaver@example.jp', '退会する人');
    for (const other of [m(0), m(1), m(2)]) {
      await client.json('POST', `/users/${other.id}/follow`, leaver);
      await client.json('POST', `/users/${leaver.id}/follow`, other);
    }
    await client.json('POST', `/users/${m(4).id}/block`, leaver);
    await client.json('POST', `/users/${m(5).id}/mute`, leaver);
    await client.json('POST', `/users/${leaver.id}/mute`, m(4));
    const before = await storedCounts(m(0).id);

    const left = await accounts.post(
      '/delete',
      { password: 'correct horse battery' },
      { authorization: `Bearer ${leaver.token}` },
    );
    expect(left.statusCode).toBe(200);
    for (const member of members) {
      const counts = await storedCounts(member.id);
      expect(counts.followerCount).toBe(counts.followers);
      expect(counts.followingCount).toBe(counts.following);
    }
    expect(await storedCounts(m(0).id)).toMatchObject({
      followerCount: before.followerCount - 1,
      followingCount: before.followingCount - 1,
    });
    const [leftovers] = await ctx.db
      .select({
        n: sql<number>`(select count(*) from blocks) + (select count(*) from mutes)`.mapWith(
          Number,
        ),
      })
      .from(sql`(select 1) as one`);
    expect(leftovers?.n).toBe(0);
  });
});

describe('error answers', () => {
  const unknown = '01900000-0000-7000-8000-000000000000';
  const tabs = [
    'posts',
    'liked',
    'want-to-participate-events',
    'want-to-visit-spots',
    'want-to-visit-stations',
    'lists',
    'stamps',
  ];
  const pages = [...tabs, 'followers', 'following'];
  const writes = [
    ['POST', 'follow'],
    ['DELETE', 'follow'],
    ['POST', 'block'],
    ['DELETE', 'block'],
    ['POST', 'mute'],
    ['DELETE', 'mute'],
  ] as const;
  const failure = (response: { statusCode: number; json(): unknown }) => ({
    status: response.statusCode,
    body: response.json(),
  });
  const envelope = (status: number, code: string, message: string, errors: unknown = null) => ({
    status,
    body: { success: false, data: null, status, code, message, errors },
  });
  const invalid = (field: string, message: unknown = expect.any(String)) =>
    envelope(422, 'VALIDATION_FAILED', expect.any(String), { [field]: [message] });

  it.each(writes)('%s /users/{id}/%s answers 401 to a visitor', async (method, action) => {
    const response = await client.json(method, `/users/${m(0).id}/${action}`);
    expect(failure(response)).toEqual(envelope(401, 'UNAUTHENTICATED', expect.any(String)));
  });

  it.each(['blocks', 'mutes'])('GET /users/me/%s answers 401 to a visitor', async (kind) => {
    expect(failure(await get(`/users/me/${kind}`))).toEqual(
      envelope(401, 'UNAUTHENTICATED', expect.any(String)),
    );
  });

  it.each(writes)('%s /users/{id}/%s answers 404 for an unknown member', async (method, action) => {
    const response = await client.json(method, `/users/${unknown}/${action}`, m(0));
    expect(failure(response)).toEqual(envelope(404, 'NOT_FOUND', USER_MESSAGES.notFound));
  });

  it.each(['', ...pages.map((page) => `/${page}`)])(
    'GET /users/{id}%s answers 404 for an unknown member, to visitors and members',
    async (suffix) => {
      for (const auth of [{}, m(0)]) {
        expect(failure(await get(`/users/${unknown}${suffix}`, auth))).toEqual(
          envelope(404, 'NOT_FOUND', USER_MESSAGES.notFound),
        );
      }
    },
  );

  it.each(pages)('GET /users/{id}/%s answers 422 for a malformed id', async (page) => {
    expect(failure(await get(`/users/not-a-uuid/${page}`))).toEqual(
      invalid('userId', 'URLが正しくありません。'),
    );
  });

  it.each(writes)('%s /users/{id}/%s answers 422 for a malformed id', async (method, action) => {
    const response = await client.json(method, `/users/not-a-uuid/${action}`, m(0));
    expect(failure(response)).toEqual(invalid('userId', 'URLが正しくありません。'));
  });

  const listUrls = [
    ...pages.map((page) => `/users/{id}/${page}`),
    '/users/me/blocks',
    '/users/me/mutes',
    '/users',
  ];
  it.each(listUrls)('GET %s answers 422 for a bad limit', async (url) => {
    for (const limit of ['0', '101', 'abc', '1.5', '-1']) {
      const response = await get(`${url.replace('{id}', m(0).id)}?limit=${limit}`, m(1));
      expect(failure(response), `limit=${limit}`).toEqual(invalid('limit'));
    }
  });

  it.each(listUrls)('GET %s answers 422 for a changed or made-up cursor', async (url) => {
    const cursors = [
      'bm9wZQ', // "nope": not a pair
      'not base64!',
      encodeKeyPair('abc', unknown), // a key that is no number
      Buffer.from('["1"]').toString('base64url'),
    ];
    for (const cursor of cursors) {
      const response = await get(
        `${url.replace('{id}', m(0).id)}?cursor=${encodeURIComponent(cursor)}`,
        m(1),
      );
      expect(failure(response), cursor).toEqual(invalid('cursor', INVALID_CURSOR_MESSAGE));
    }
    const tooLong = await get(`${url.replace('{id}', m(0).id)}?cursor=${'a'.repeat(201)}`, m(1));
    expect(failure(tooLong)).toEqual(invalid('cursor'));
  });

  // Each list takes only a cursor of its own shape; another list's cursor (a station id where
  // a uuid belongs, or the other way round) or a number beyond an integer column once reached
  // PostgreSQL and answered 500.
  const time = '1700000000000000';
  it.each([
    ...[...tabs.filter((tab) => tab !== 'want-to-visit-stations'), 'followers', 'following'].map(
      (page) => [`/users/{id}/${page}`, time, '123'],
    ),
    ['/users/me/blocks', time, '123'],
    ['/users/me/mutes', time, '123'],
    ['/users/{id}/want-to-visit-stations', time, unknown],
    ['/users/{id}/want-to-visit-stations', time, '2147483648'],
    ['/users', '2147483648', unknown],
    ['/users', '99999999999999999', unknown],
    ['/users', '1', '123'],
  ])('GET %s answers 422 for a cursor of another shape (%s, %s)', async (url, key, id) => {
    const response = await get(
      `${url.replace('{id}', m(0).id)}?cursor=${encodeKeyPair(key, id)}`,
      m(1),
    );
    expect(failure(response)).toEqual(invalid('cursor', INVALID_CURSOR_MESSAGE));
  });
});
