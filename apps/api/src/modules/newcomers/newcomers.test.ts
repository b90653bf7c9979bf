import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { multipartPayload } from '../../../test/multipart.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  SHINJUKU_POINT,
  type TestAuth,
} from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { users } from '../../db/schema/index.js';

/** The guard rails for new accounts (docs/moderation.md#new-accounts), with small limits. */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
const origin = 'http://localhost:3000';
const members: (TestAuth & { id: string })[] = [];

beforeAll(async () => {
  ctx = await createTestApp({
    PUBLIC_URL: origin,
    NEWCOMER_POSTS_PER_HOUR: '2',
    NEWCOMER_COMMENTS_PER_HOUR: '2',
    NEWCOMER_LINKS_PER_HOUR: '1',
  });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  members.push(...(await accounts.members('newcomer', 6)));
});
afterAll(async () => {
  await ctx?.close();
});

const m = (i: number) => members[i]!;
const spot = (i: number, fields: Record<string, string> = {}) =>
  client.createPost(m(i), { kind: 'spot', title: '駅前の広場', ...NEAR_TOKYO_STATION, ...fields });

/** Makes the member's address confirmed two days ago: no longer a new account. */
async function ageAccount(i: number) {
  await ctx.db
    .update(users)
    .set({ emailVerifiedAt: sql`now() - interval '2 days'` })
    .where(eq(users.id, m(i).id));
}

async function updateBio(i: number, bio: string) {
  const { payload, headers } = await multipartPayload({ bio });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v2/auth/update',
    payload,
    headers: { ...headers, origin, authorization: `Bearer ${m(i).token}` },
  });
}

describe('a new account', () => {
  it('posts a few times an hour, then is asked to wait; an older account is not', async () => {
    expect((await spot(0)).statusCode).toBe(201);
    expect((await spot(0)).statusCode).toBe(201);
    const third = await spot(0);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('600');
    expect(third.json().message).toBe(
      '登録から24時間は、1時間に投稿できるのは2件までです。しばらく待ってからもう一度お試しください。',
    );
    await ageAccount(0);
    expect((await spot(0)).statusCode).toBe(201);
  });

  it('sends a link once an hour', async () => {
    expect(
      (await spot(1, { body: '詳しくは https://example.jp/a を見てください' })).statusCode,
    ).toBe(201);
    const second = await spot(1, { body: 'こちらも www.example.jp/b にあります' });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors).toEqual({
      body: [
        '登録から24時間は、1時間にリンク（URL）を含めて送れるのは1件までです。リンクを外すか、しばらく待ってからお試しください。',
      ],
    });
    const post = (await spot(1, { body: 'リンクのない本文' })).json().data as { id: string };
    const linked = await client.json('POST', `/posts/${post.id}/comments`, m(1), {
      body: 'https://example.jp/c',
    });
    expect(linked.statusCode).toBe(422);
  });

  it('comments a few times an hour', async () => {
    const post = (await spot(3)).json().data as { id: string };
    const comment = () =>
      client.json('POST', `/posts/${post.id}/comments`, m(2), { body: 'いい駅ですね' });
    expect((await comment()).statusCode).toBe(201);
    expect((await comment()).statusCode).toBe(201);
    const third = await comment();
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(
      '登録から24時間は、1時間にコメントできるのは2件までです。しばらく待ってからもう一度お試しください。',
    );
  });

  it('writes no link in the profile until a day has passed', async () => {
    const refused = await updateBio(4, '鉄道旅行が好きです https://spam.example');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      bio: ['登録から24時間は、自己紹介にリンク（URL）を書くことはできません。'],
    });
    expect((await updateBio(4, '鉄道旅行が好きです')).statusCode).toBe(200);
    await ageAccount(4);
    expect((await updateBio(4, '鉄道旅行が好きです https://example.jp')).statusCode).toBe(200);
  });
});

describe('any account', () => {
  it('may not send the same body to one station after another', async () => {
    await ageAccount(5);
    const body = 'この駅のすぐそばに最高の店があります。ぜひ来てください！';
    expect((await spot(5, { body })).statusCode).toBe(201);
    // The same place again is not spreading it over stations.
    expect((await spot(5, { body })).statusCode).toBe(201);
    const elsewhere = await spot(5, { body, ...SHINJUKU_POINT });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors).toEqual({
      body: [
        '同じ本文の投稿を別の駅に続けて送ることはできません。駅ごとに内容を書き分けてください。',
      ],
    });
    // A short body (「いいね！」) is no campaign.
    expect((await spot(5, { body: '駅前がきれい', ...SHINJUKU_POINT })).statusCode).toBe(201);
    expect((await spot(5, { body: '駅前がきれい' })).statusCode).toBe(201);
  });
});
