import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, NEAR_TOKYO_STATION, type TestAuth } from '../../../test/post-client.js';
import {
  decryptPush,
  newBrowserKeys,
  startTestPushService,
  type TestPushService,
} from '../../../test/push-service.js';
import { createTestApp, createTestDatabase, testDriver } from '../../../test/test-app.js';
import type { DatabaseHandle } from '../../db/database.js';
import { posts, pushDeliveries, pushSubscriptions, users } from '../../db/schema/index.js';
import { buildPushSubscriptions } from '../../../test/factories.js';

/**
 * Web Push end to end without the internet (docs/pwa.md#push): a local HTTPS push service, a
 * subscription with keys made here registered through the API, a like by another member, the
 * worker's encrypted POST, decrypted here as a browser would.
 */

const origin = 'http://localhost:3000';
let service: TestPushService;
let database: DatabaseHandle;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
const members: (TestAuth & { id: string })[] = [];
const m = (i: number) => members[i]!;

beforeAll(async () => {
  service = await startTestPushService();
  database = await createTestDatabase();
  ctx = await createTestApp({ PUBLIC_URL: origin, ...service.appSettings }, { database });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  for (let i = 0; i < 6; i += 1) {
    const { token } = await accounts.insertMemberAndLogIn(`push${i}@example.jp`);
    const me = await client.json('GET', '/auth/me', { token });
    const id = me.json().data.id as string;
    await ctx.db
      .update(users)
      .set({ name: `鉄子${'ABCDEF'[i]}` })
      .where(eq(users.id, id));
    members.push({ token, id });
  }
});
afterAll(async () => {
  await ctx?.close();
  await database?.close();
  await service?.close();
});

/** A browser of member `i` subscribes at the local push service. */
async function subscribe(i: number, name: string) {
  const keys = newBrowserKeys();
  const endpoint = service.endpoint(name);
  const response = await client.json('POST', '/push/subscriptions', m(i), {
    endpoint,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
    expiration_time: null,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { endpoint, keys };
}

const newSpot = (owner: number, title = 'ホームの見える喫茶店') =>
  client.createdPost(m(owner), { kind: 'spot', title, ...NEAR_TOKYO_STATION });
/** Member `i` likes the post; the like must be taken. */
async function like(i: number, postId: string) {
  const response = await client.json('POST', `/posts/${postId}/like`, m(i));
  expect(response.statusCode, response.body).toBeLessThan(300);
}
async function mute(i: number, j: number) {
  const response = await client.json('POST', `/users/${m(j).id}/mute`, m(i));
  expect(response.statusCode, response.body).toBeLessThan(300);
}
const drain = () => ctx.app.push.worker.drain();

describe('a like pushed to the post owner', () => {
  it('arrives encrypted, signed with the public key, and names the liker and the post', async () => {
    const browser = await subscribe(0, 'owner-phone');
    const post = await newSpot(0);
    await like(1, post.id);
    expect((await drain()).sent).toBe(1);

    const [push, ...more] = service.to(browser.endpoint);
    expect(more).toHaveLength(0);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe('86400');
    expect(push!.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    const key = (await client.json('GET', '/push/key')).json().data.public_key as string;
    expect(push!.headers.authorization).toContain(`k=${key}`);
    expect(decryptPush(push!, browser.keys)).toEqual({
      title: 'えきスポ',
      body: '鉄子Bさんがあなたの投稿にいいねしました',
      url: `${origin}/post/${post.id}`,
      tag: expect.stringContaining(post.id),
    });
    // Sent: nothing waits any more.
    expect(await ctx.db.select().from(pushDeliveries)).toHaveLength(0);
    expect((await drain()).sent).toBe(0);
  });

  it('groups a burst of likes into one push, as the list groups them', async () => {
    const browser = await subscribe(2, 'grouped');
    const post = await newSpot(2);
    for (const liker of [3, 4, 5]) await like(liker, post.id);
    await drain();
    const pushes = service.to(browser.endpoint);
    expect(pushes).toHaveLength(1);
    expect(decryptPush(pushes[0]!, browser.keys)).toMatchObject({
      body: '鉄子Fさんほか2人があなたの投稿にいいねしました',
    });
  });

  it('sends nothing for a muted member, nor for a like muted before the push went', async () => {
    const browser = await subscribe(1, 'muter');
    const post = await newSpot(1);
    await mute(1, 3);
    await like(3, post.id);
    await like(5, post.id);
    await drain();
    const pushes = service.to(browser.endpoint);
    expect(pushes.map((push) => decryptPush(push, browser.keys))).toMatchObject([
      { body: '鉄子Fさんがあなたの投稿にいいねしました' },
    ]);
    // A like whose liker is muted before its push goes: no push, though the group has 鉄子F.
    await like(4, post.id);
    await mute(1, 4);
    await drain();
    expect(service.to(browser.endpoint)).toHaveLength(1);
  });

  it('sends nothing from a member suspended, nor about a post hidden, before the push went', async () => {
    // Out of sight by the one rule (docs/security.md#one-visibility-rule-applied-by-every-reader).
    const owner = await subscribe(4, 'hidden-owner');
    const commenter = await subscribe(5, 'hidden-commenter');
    const post = await newSpot(4, '隠される喫茶店');
    const say = async (i: number, body: string) =>
      expect(
        (await client.json('POST', `/posts/${post.id}/comments`, m(i), { body })).statusCode,
      ).toBe(201);
    await say(5, '最初のひとこと');
    await drain();
    const before = service.to(owner.endpoint).length;
    // 鉄子D likes, and is suspended before the push goes: the owner hears nothing of it.
    await like(3, post.id);
    await ctx.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, m(3).id));
    await drain();
    expect(service.to(owner.endpoint)).toHaveLength(before);
    await ctx.db
      .update(users)
      .set({ suspendedUntil: null })
      .where(eq(users.id, m(3).id));
    // 鉄子A replies after 鉄子F; the post is hidden before the push goes: 鉄子F, who no longer
    // sees it, hears nothing; its owner still hears of the comment on their own post.
    await say(0, '返信です');
    await ctx.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, post.id));
    await drain();
    expect(service.to(commenter.endpoint)).toHaveLength(0);
    const told = service
      .to(owner.endpoint)
      .map((push) => (decryptPush(push, owner.keys) as { body: string }).body);
    expect(told.at(-1)).toMatch(/^鉄子Aさん.*コメントしました$/);
  });

  it('drops a subscription the push service says is gone (410)', async () => {
    const browser = await subscribe(3, 'expired');
    service.answer(browser.endpoint, 410);
    const post = await newSpot(3);
    await like(0, post.id);
    const result = await drain();
    expect(result.removed).toBe(1);
    expect(service.to(browser.endpoint)).toHaveLength(1);
    const left = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(left).toHaveLength(0);
  });

  it('drops a stored subscription whose key is no P-256 point, and still pushes the others', async () => {
    const accounts = createAuthClient(ctx, origin);
    const { token } = await accounts.insertMemberAndLogIn('push-bad-key@example.jp');
    const id = (await client.json('GET', '/auth/me', { token })).json().data.id as string;
    const good = newBrowserKeys();
    const goodEndpoint = service.endpoint('beside-a-bad-key');
    // Registered before keys were checked: 65 bytes that look like a point but are off the curve.
    const offCurve = Buffer.from(newBrowserKeys().p256dh, 'base64url');
    offCurve[64]! ^= 1;
    const badEndpoint = service.endpoint('bad-key');
    await buildPushSubscriptions(ctx.db, [
      {
        userId: id,
        endpoint: badEndpoint,
        p256dh: offCurve.toString('base64url'),
        auth: good.auth,
        createdAt: new Date(Date.now() - 60_000),
      },
      { userId: id, endpoint: goodEndpoint, p256dh: good.p256dh, auth: good.auth },
    ]);
    const post = await client.createdPost(
      { token },
      { kind: 'spot', title: '鍵の壊れた端末', ...NEAR_TOKYO_STATION },
    );
    await like(0, post.id);
    const result = await drain();
    expect(result).toMatchObject({ removed: 1, retrying: 0, failed: 0 });
    expect(service.to(badEndpoint)).toHaveLength(0);
    expect(service.to(goodEndpoint).map((push) => decryptPush(push, good))).toMatchObject([
      { body: '鉄子Aさんがあなたの投稿にいいねしました' },
    ]);
    const left = await ctx.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, id));
    expect(left).toEqual([{ endpoint: goodEndpoint }]);
    expect(
      await ctx.db.select().from(pushDeliveries).where(eq(pushDeliveries.userId, id)),
    ).toHaveLength(0);
  });

  it('drops a subscription after 20 failed pushes in a row; a success starts the count again', async () => {
    const browser = await subscribe(5, 'failing');
    service.answer(browser.endpoint, 400);
    const failures = async () =>
      (
        await ctx.db
          .select({ count: pushSubscriptions.failureCount })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, browser.endpoint))
      )[0]?.count;
    await like(0, (await newSpot(5, '失敗する端末')).id);
    await drain();
    expect(await failures()).toBe(1);
    // Eighteen more failures, as a day of pushes would make them.
    await ctx.db
      .update(pushSubscriptions)
      .set({ failureCount: 19 })
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    await like(1, (await newSpot(5, '二十回目')).id);
    const result = await drain();
    expect(result.removed).toBe(1);
    expect(await failures()).toBeUndefined();
  });

  it('drops a subscription past the expiry its browser gave, without sending', async () => {
    const keys = newBrowserKeys();
    const endpoint = service.endpoint('expired-by-browser');
    const response = await client.json('POST', '/push/subscriptions', m(2), {
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      expiration_time: Date.now() - 60_000,
    });
    expect(response.statusCode).toBe(200);
    await like(0, (await newSpot(2)).id);
    await drain();
    expect(service.to(endpoint)).toHaveLength(0);
    const left = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(left).toHaveLength(0);
  });

  it('does not follow a redirect the push service answers with', async () => {
    const browser = await subscribe(4, 'redirecting');
    const elsewhere = service.endpoint('redirect-target');
    service.answer(browser.endpoint, 307, { location: elsewhere });
    const post = await newSpot(4);
    await like(0, post.id);
    await drain();
    expect(service.to(browser.endpoint)).toHaveLength(1);
    expect(service.to(elsewhere)).toHaveLength(0);
  });

  it('holds pushes in the quiet hours and sends only the types chosen', async () => {
    const browser = await subscribe(5, 'sleeper');
    const now = new Date(Date.now() + 9 * 3_600_000);
    const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
    const at = (offset: number) => {
      const value = (minute + offset + 1440) % 1440;
      return `${String(Math.floor(value / 60)).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`;
    };
    const put = (body: object) => client.json('PUT', '/push/preferences', m(5), body);
    expect(
      (
        await put({
          push_types: ['like'],
          quiet_hours: { enabled: true, start: at(-60), end: at(60) },
        })
      ).statusCode,
    ).toBe(200);
    const post = await newSpot(5);
    await like(0, post.id);
    expect((await drain()).postponed).toBe(1);
    expect(service.to(browser.endpoint)).toHaveLength(0);
    const [waiting] = await ctx.db
      .select({
        later: sql<boolean>`${pushDeliveries.nextAttemptAt} > now() + interval '1 minute'`,
      })
      .from(pushDeliveries)
      .where(eq(pushDeliveries.userId, m(5).id));
    expect(waiting?.later).toBe(true);

    // Comments are not among the chosen types: nothing is queued for them.
    await ctx.db.delete(pushDeliveries);
    await put({
      push_types: ['like'],
      quiet_hours: { enabled: false, start: '22:00', end: '07:00' },
    });
    await client.json('POST', `/posts/${post.id}/comments`, m(0), { body: 'いい眺めですね' });
    expect(await ctx.db.select().from(pushDeliveries)).toHaveLength(0);
  });
});

describe.runIf(testDriver === 'postgres')('two instances on one database', () => {
  it('send each push once', async () => {
    const other = await createTestApp({ PUBLIC_URL: origin, ...service.appSettings }, { database });
    try {
      const browser = await subscribe(0, 'two-instances');
      const posts = [];
      for (let i = 0; i < 8; i += 1) posts.push(await newSpot(0, `駅前の店${i}`));
      for (const post of posts) await like(1 + (posts.indexOf(post) % 5), post.id);
      // Both workers at once over the same rows (the owner's first browser gets them too).
      const results = await Promise.all([drain(), other.app.push.worker.drain()]);
      expect(results.every((result) => result.failed === 0 && result.retrying === 0)).toBe(true);
      const tags = service
        .to(browser.endpoint)
        .map((push) => (decryptPush(push, browser.keys) as { tag: string }).tag);
      expect(tags).toHaveLength(8);
      expect(new Set(tags).size).toBe(8);
    } finally {
      await other.close();
    }
  });
});
