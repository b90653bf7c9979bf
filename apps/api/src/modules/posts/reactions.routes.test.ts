import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  photoFile,
  stationGroupIdOf,
  type TestAuth,
} from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { likes, postWants, posts, stationWants } from '../../db/schema/index.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let members: TestAuth[];
let tokyo: number;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  members = [];
  for (let i = 0; i < 5; i += 1) {
    members.push({ token: (await accounts.insertMemberAndLogIn(`fan${i}@example.jp`)).token });
  }
  tokyo = await stationGroupIdOf(ctx.db, '東京', 13);
});
afterAll(async () => {
  await ctx?.close();
});

const member = (i: number) => members[i]!;

async function newSpot() {
  return client.createdPost(member(0), {
    kind: 'spot',
    title: '人気のスポット',
    ...NEAR_TOKYO_STATION,
  });
}

async function stored(postId: string) {
  const [post] = await ctx.db.select().from(posts).where(eq(posts.id, postId));
  const [likeRows, wantRows] = await Promise.all([
    ctx.db.select().from(likes).where(eq(likes.postId, postId)),
    ctx.db.select().from(postWants).where(eq(postWants.postId, postId)),
  ]);
  return {
    likeCount: post?.likeCount,
    likes: likeRows.length,
    wantCount: post?.wantCount,
    wants: wantRows.length,
  };
}

describe('likes', () => {
  it('are idempotent: liking twice is one like, and so is unliking', async () => {
    const post = await newSpot();
    const url = `/posts/${post.id}/like`;
    for (let i = 0; i < 2; i += 1) {
      const liked = await client.json('POST', url, member(1));
      expect(liked.statusCode).toBe(200);
      expect(liked.json()).toMatchObject({
        message: 'いいねしました。',
        data: { liked: true, like_count: 1 },
      });
    }
    const view = await client.json('GET', `/posts/${post.id}`, member(1));
    expect(view.json().data).toMatchObject({ liked: true, like_count: 1 });
    for (let i = 0; i < 2; i += 1) {
      const unliked = await client.json('DELETE', url, member(1));
      expect(unliked.json().data).toEqual({ liked: false, like_count: 0 });
    }
    expect(await stored(post.id)).toMatchObject({ likeCount: 0, likes: 0 });
    const missing = await client.json(
      'POST',
      '/posts/01890000-0000-7000-8000-000000000000/like',
      member(1),
    );
    expect(missing.statusCode).toBe(404);
  });

  it('stay exact under concurrency: 20 requests from 5 members', async () => {
    const post = await newSpot();
    const url = `/posts/${post.id}/like`;
    const likesAtOnce = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.json('POST', url, member(i % 5))),
    );
    expect(likesAtOnce.every((response) => response.statusCode === 200)).toBe(true);
    expect(await stored(post.id)).toMatchObject({ likeCount: 5, likes: 5 });

    // Likes and unlikes interleaved: the counter still equals the rows.
    const mixed = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.json(i % 2 ? 'DELETE' : 'POST', url, member(i % 5)),
      ),
    );
    expect(mixed.every((response) => response.statusCode === 200)).toBe(true);
    const after = await stored(post.id);
    expect(after.likeCount).toBe(after.likes);
  });
});

describe('wants on spots and events', () => {
  it('count 行きたい on a spot, idempotently and exactly under concurrency', async () => {
    const post = await newSpot();
    const url = `/posts/${post.id}/want`;
    const once = await client.json('POST', url, member(2));
    expect(once.json()).toMatchObject({
      message: '登録しました。',
      data: { wanted: true, want_count: 1 },
    });
    expect((await client.json('POST', url, member(2))).json().data).toEqual({
      wanted: true,
      want_count: 1,
    });
    const view = await client.json('GET', `/posts/${post.id}`, member(2));
    expect(view.json().data).toMatchObject({ wanted: true, want_count: 1, liked: false });

    await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.json('POST', url, member(i % 5))),
    );
    expect(await stored(post.id)).toMatchObject({ wantCount: 5, wants: 5 });
    const withdrawn = await client.json('DELETE', url, member(2));
    expect(withdrawn.json()).toMatchObject({
      message: '登録を取り消しました。',
      data: { wanted: false, want_count: 4 },
    });
  });

  it('are refused on photo posts with a clear message', async () => {
    const photo = await client.createdPost(member(0), {
      kind: 'image',
      station_group_id: String(tokyo),
      'images[0]': await photoFile(),
    });
    const refused = await client.json('POST', `/posts/${photo.id}/want`, member(1));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: '写真の投稿には「行きたい」「参加したい」を登録できません。',
    });
    expect(await stored(photo.id)).toMatchObject({ wantCount: 0, wants: 0 });
  });
});

describe('station want-to-visit', () => {
  it('agrees with the station page, idempotently and under concurrency', async () => {
    const url = `/stations/${tokyo}/want-to-visit`;
    const station = async () =>
      (await client.json('GET', `/stations/${tokyo}`)).json().data.counts.want_to_visit;
    expect(await station()).toBe(0);

    const once = await client.json('POST', url, member(3));
    expect(once.statusCode).toBe(200);
    expect(once.json().data).toEqual({ wanted: true, want_count: 1 });
    expect((await client.json('POST', url, member(3))).json().data).toEqual({
      wanted: true,
      want_count: 1,
    });
    expect(await station()).toBe(1);

    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.json('POST', url, member(i % 5))),
    );
    expect(many.every((response) => response.statusCode === 200)).toBe(true);
    const rows = await ctx.db
      .select()
      .from(stationWants)
      .where(eq(stationWants.stationGroupId, tokyo));
    expect(rows).toHaveLength(5);
    expect(await station()).toBe(5);

    const removed = await client.json('DELETE', url, member(3));
    expect(removed.json().data).toEqual({ wanted: false, want_count: 4 });
    expect((await client.json('DELETE', url, member(3))).json().data).toEqual({
      wanted: false,
      want_count: 4,
    });
    expect(await station()).toBe(4);

    const unknown = await client.json('POST', '/stations/999999999/want-to-visit', member(3));
    expect(unknown.statusCode).toBe(404);
  });

  it('tells each viewer whether they want to visit, and visitors the count', async () => {
    const url = `/stations/${tokyo}/want-to-visit`;
    await client.json('DELETE', url, member(1));
    const before = (await client.json('GET', url)).json().data.want_count as number;
    expect((await client.json('GET', url, member(1))).json().data.wanted).toBe(false);
    await client.json('POST', url, member(1));
    expect((await client.json('GET', url, member(1))).json().data).toEqual({
      wanted: true,
      want_count: before + 1,
    });
    expect((await client.json('GET', url)).json().data).toEqual({
      wanted: false,
      want_count: before + 1,
    });
    expect((await client.json('GET', '/stations/999999999/want-to-visit')).statusCode).toBe(404);
  });
});
