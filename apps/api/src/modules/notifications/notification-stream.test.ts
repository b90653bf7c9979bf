import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, NEAR_TOKYO_STATION } from '../../../test/post-client.js';
import { openSse } from '../../../test/sse-client.js';
import { createTestApp, testDriver } from '../../../test/test-app.js';
import { eq, sql } from 'drizzle-orm';
import { authTokens } from '../../db/schema/index.js';
import { STREAM_DRAIN_RETRY_MS } from '../../lib/event-stream.js';
import { hashSecretToken } from '../../lib/secret-tokens.js';
import { insertForRecipients, oneRecipient } from './notifications.repository.js';

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
    tokens.push((await accounts.insertMemberAndLogIn(`stream${i}@example.jp`)).token);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
});

const auth = (i: number) => ({ authorization: `Bearer ${tokens[i]}` });
const idOf = async (i: number) =>
  (await client.json('GET', '/auth/me', { token: tokens[i] })).json().data.id as string;
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
    const counted = await stream.next('unread');
    expect(JSON.parse(counted.data)).toEqual({ unread_count: 1 });
    stream.close();

    // While away: a comment. The browser comes back with the last id it saw.
    await client.json('POST', `/posts/${post.id}/comments`, { token: tokens[2] }, { body: 'やあ' });
    expect(counted.id).toMatch(/^\d+(@\d+:\d+:[\d,]*)?$/);
    const resumed = openSse(streamUrl(), { ...auth(0), 'last-event-id': counted.id ?? '' });
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

  // One connection (PGlite) runs one transaction at a time: commits cannot come out of order.
  it.runIf(testDriver === 'postgres')(
    'sends a notification that commits after a later-numbered one, live and on resume',
    async () => {
      const [owner, liker, follower] = (await Promise.all([0, 1, 2].map(idOf))) as [
        string,
        string,
        string,
      ];
      const post = await client.createdPost(
        { token: tokens[0] },
        { kind: 'spot', title: '順番のテスト', ...NEAR_TOKYO_STATION },
      );
      const stream = openSse(streamUrl(), auth(0));
      await stream.ready;
      await stream.next('unread');

      // A follow's notification is written (and numbered) first but commits last.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const isWritten = new Promise<void>((resolve) => (written = resolve));
      const slow = ctx.db.transaction(async (tx) => {
        await insertForRecipients(
          tx,
          oneRecipient(owner),
          {
            type: 'follow',
            actorId: follower,
            targetKey: '',
            postId: null,
            commentId: null,
            stationGroupId: null,
          },
          { refresh: false, mailDefaults: [], mailDelaySeconds: 0 },
        );
        written();
        await held;
      });
      await isWritten;
      await client.json('POST', `/posts/${post.id}/like`, { token: tokens[1] });
      const liked = await stream.next('notification');
      expect(JSON.parse(liked.data)).toMatchObject({ type: 'like', actor: { id: liker } });
      const before = await stream.next('unread');

      release();
      await slow;
      ctx.app.notifications.hub.publish([owner]);
      const late = await stream.next('notification');
      expect(JSON.parse(late.data)).toMatchObject({ type: 'follow', actor: { id: follower } });
      stream.close();

      // A browser that had only heard the like gets the follow when it comes back.
      const resumed = openSse(streamUrl(), { ...auth(0), 'last-event-id': before.id ?? '' });
      await resumed.ready;
      const missed = await resumed.next('notification');
      expect(JSON.parse(missed.data)).toMatchObject({ type: 'follow', actor: { id: follower } });
      resumed.close();
    },
  );

  it('answers 503 with Retry-After once the instance holds OPEN_STREAMS_MAX streams', async () => {
    const small = await createTestApp({ PUBLIC_URL: origin, OPEN_STREAMS_MAX: '2' });
    try {
      await small.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(small.app.server.address() as AddressInfo).port}/api/v2/notifications/stream`;
      const accounts = createAuthClient(small, origin);
      const members = [];
      for (let i = 0; i < 3; i += 1)
        members.push((await accounts.insertMemberAndLogIn(`crowd${i}@example.jp`)).token);
      const open = [];
      for (const token of members.slice(0, 2)) {
        const stream = openSse(url, { authorization: `Bearer ${token}` });
        await stream.ready;
        expect(stream.status()).toBe(200);
        open.push(stream);
      }
      const refused = await fetch(url, { headers: { authorization: `Bearer ${members[2]}` } });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(((await refused.json()) as { message: string }).message).toBe(
        'ただいま混み合っています。通知はしばらくしてから届きます。',
      );
      // One closes: there is room again.
      open.shift()!.close();
      await expect.poll(() => small.app.notifications.hub.listenerCount()).toBe(1);
      const again = openSse(url, { authorization: `Bearer ${members[2]}` });
      await again.ready;
      expect(again.status()).toBe(200);
      again.close();
      for (const stream of open) stream.close();
    } finally {
      await small.close();
    }
  });

  describe('ends with its session', () => {
    const password = 'correct horse battery';
    let accounts: ReturnType<typeof createAuthClient>;
    beforeAll(() => {
      accounts = createAuthClient(ctx, origin);
    });

    /** A stream open and past its first event, as the member's browser holds it. */
    async function openStream(token: string) {
      const stream = openSse(streamUrl(), { authorization: `Bearer ${token}` });
      await stream.ready;
      expect(stream.status()).toBe(200);
      await stream.next('unread');
      return stream;
    }

    it('on logout: that session’s stream ends, another session’s stays', async () => {
      const { token } = await accounts.insertMemberAndLogIn('revoke-logout@example.jp', password);
      const other = (
        await accounts.post('/login', { email: 'revoke-logout@example.jp', password })
      ).json().data.token as string;
      const ending = await openStream(token);
      const staying = await openStream(other);
      const out = await client.json('POST', '/auth/logout', { token });
      expect(out.statusCode).toBe(200);
      await expect.poll(() => ending.ended(), { timeout: 10_000 }).toBe(true);
      expect(staying.ended()).toBe(false);
      staying.close();
    });

    it('on a password change: the other sessions’ streams end, this one’s stays', async () => {
      const { token } = await accounts.insertMemberAndLogIn('revoke-change@example.jp', password);
      const other = (
        await accounts.post('/login', { email: 'revoke-change@example.jp', password })
      ).json().data.token as string;
      const ending = await openStream(other);
      const staying = await openStream(token);
      const changed = await client.json(
        'POST',
        '/auth/password/change',
        { token },
        {
          current_password: password,
          password: 'a brand new password 2',
          password_confirmation: 'a brand new password 2',
        },
      );
      expect(changed.statusCode).toBe(200);
      await expect.poll(() => ending.ended(), { timeout: 10_000 }).toBe(true);
      expect(staying.ended()).toBe(false);
      staying.close();
    });

    it('on leaving: every stream of the account ends', async () => {
      const { token } = await accounts.insertMemberAndLogIn('revoke-leave@example.jp', password);
      const stream = await openStream(token);
      const left = await client.json('POST', '/auth/delete', { token }, { password });
      expect(left.statusCode).toBe(200);
      await expect.poll(() => stream.ended(), { timeout: 10_000 }).toBe(true);
    });

    it('when the session expires, with no event to wake it', async () => {
      const { token } = await accounts.insertMemberAndLogIn('revoke-expiry@example.jp', password);
      // The session expires a moment after the stream opens.
      await ctx.db
        .update(authTokens)
        .set({ expiresAt: sql`now() + interval '1 second'` })
        .where(eq(authTokens.tokenHash, hashSecretToken(token)));
      const stream = await openStream(token);
      await expect.poll(() => stream.ended(), { timeout: 10_000 }).toBe(true);
    });
  });

  it('ends open streams at shutdown with a hint to reconnect soon, and new ones at once', async () => {
    const stream = openSse(streamUrl(), auth(1));
    await stream.ready;
    await stream.next('unread');
    ctx.app.startDraining();
    await expect.poll(() => stream.ended(), { timeout: 5_000 }).toBe(true);
    expect(stream.retryMs()).toBe(STREAM_DRAIN_RETRY_MS);

    const late = openSse(streamUrl(), auth(1));
    await late.ready;
    await expect.poll(() => late.ended(), { timeout: 5_000 }).toBe(true);
    expect(late.retryMs()).toBe(STREAM_DRAIN_RETRY_MS);
    await ctx.app.close();
    expect(ctx.app.notifications.hub.listenerCount()).toBe(0);
  });
});
