import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  type PostData,
  type TestAuth,
} from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';

/** Post pages and station post lists revalidate cheaply: strong ETag, 304 while unchanged. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let alice: TestAuth;
let post: PostData;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  alice = { token: (await accounts.insertMemberAndLogIn('etag@example.jp')).token };
  post = await client.createdPost(alice, {
    kind: 'spot',
    title: '駅前の広場',
    ...NEAR_TOKYO_STATION,
  });
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/v2${url}`, headers });

describe('ETags on post reads', () => {
  it('answers a post page 304 until it changes, and 200 with a new ETag after a like', async () => {
    const first = await get(`/posts/${post.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect((await get(`/posts/${post.id}`, { 'if-none-match': etag })).statusCode).toBe(304);

    const like = await client.json('POST', `/posts/${post.id}/like`, alice);
    expect(like.statusCode).toBeLessThan(300);
    const after = await get(`/posts/${post.id}`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.like_count).toBe(1);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('answers a station’s post list 304 while it is unchanged', async () => {
    const url = `/stations/${post.station_group_id}/posts`;
    const first = await get(url);
    expect(first.json().data.items.map((item: { id: string }) => item.id)).toContain(post.id);
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('gives each reader their own answer (liked or not) and its own ETag', async () => {
    const visitor = await get(`/posts/${post.id}`);
    const author = await client.json('GET', `/posts/${post.id}`, alice);
    expect(author.headers.etag).not.toBe(visitor.headers.etag);
  });
});
