import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, NEAR_TOKYO_STATION } from '../../../test/post-client.js';
import { openSse } from '../../../test/sse-client.js';
import { createTestApp } from '../../../test/test-app.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let base: string;
const origin = 'http://localhost:3000';
const tokens: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  for (let i = 0; i < 3; i += 1)
    tokens.push((await accounts.registerAndVerify(`stream${i}@example.jp`)).token);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
});

const auth = (i: number) => ({ authorization: `Bearer ${tokens[i]}` });
const streamUrl = () => `${base}/api/v2/notifications/stream`;

describe('GET /notifications/stream', () => {
  it('needs a member', async () => {
    const stream = openSse(streamUrl(), {});
    await stream.ready;
    expect(stream.status()).toBe(401);
    stream.close();
  });

  it('pushes new notifications and unread counts live, and resumes from Last-Event-ID', async () => {
    const post = await client.createdPost(
      { token: tokens[0] },
      { kind: 'spot', title: '配信テスト', ...NEAR_TOKYO_STATION },
    );
    const stream = openSse(streamUrl(), auth(0));
    await stream.ready;
    expect(stream.status()).toBe(200);
    expect(stream.contentType()).toContain('text/event-stream');
    const first = await stream.next('unread');
    expect(JSON.parse(first.data)).toEqual({ unread_count: 0 });

    await client.json('POST', `/posts/${post.id}/like`, { token: tokens[1] });
    const liked = await stream.next('notification');
    expect(JSON.parse(liked.data)).toMatchObject({ type: 'like', post_id: post.id });
    expect(JSON.parse((await stream.next('unread')).data)).toEqual({ unread_count: 1 });
    stream.close();

    // While away: a comment. The browser comes back with the last id it saw.
    await client.json('POST', `/posts/${post.id}/comments`, { token: tokens[2] }, { body: 'やあ' });
    const resumed = openSse(streamUrl(), { ...auth(0), 'last-event-id': liked.id ?? '' });
    await resumed.ready;
    const missed = await resumed.next('notification');
    expect(JSON.parse(missed.data)).toMatchObject({ type: 'comment', post_id: post.id });
    expect(JSON.parse((await resumed.next('unread')).data)).toEqual({ unread_count: 2 });

    // Reading elsewhere updates the count live.
    await client.json('POST', '/notifications/read', { token: tokens[0] }, {});
    expect(JSON.parse((await resumed.next('unread')).data)).toEqual({ unread_count: 0 });
    resumed.close();
  });

  it('refuses a member more than ten streams at once on one instance', async () => {
    const open = [];
    for (let i = 0; i < 10; i += 1) {
      const stream = openSse(streamUrl(), auth(2));
      await stream.ready;
      expect(stream.status()).toBe(200);
      open.push(stream);
    }
    const extra = openSse(streamUrl(), auth(2));
    await extra.ready;
    expect(extra.status()).toBe(429);
    extra.close();
    for (const stream of open) stream.close();
    await expect.poll(() => ctx.app.notifications.hub.listenerCount()).toBe(0);
  });

  it('ends open streams when the app closes', async () => {
    const stream = openSse(streamUrl(), auth(1));
    await stream.ready;
    await stream.next('unread');
    await ctx.app.close();
    await expect.poll(() => stream.ended(), { timeout: 5_000 }).toBe(true);
    expect(ctx.app.notifications.hub.listenerCount()).toBe(0);
  });
});
