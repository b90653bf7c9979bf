import { eq } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_PER_MEMBER } from '@ekispot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, type TestAuth } from '../../../test/post-client.js';
import { newBrowserKeys } from '../../../test/push-service.js';
import { createTestApp } from '../../../test/test-app.js';
import { pushSubscriptions } from '../../db/schema/index.js';

/** The push endpoints: validation, the address guard, ownership, the limit, the choices. */

const origin = 'http://localhost:3000';
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
const members: (TestAuth & { id: string })[] = [];
const m = (i: number) => members[i]!;

beforeAll(async () => {
  // The test host is let through so that subscriptions need no DNS; the guard's refusals of it
  // without the setting are tested in lib/public-address.test.ts.
  ctx = await createTestApp({ PUBLIC_URL: origin, PUSH_ALLOWED_TEST_HOSTS: '127.0.0.1' });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  for (let i = 0; i < 3; i += 1) {
    const { token } = await accounts.insertMemberAndLogIn(`push-routes${i}@example.jp`);
    const me = await client.json('GET', '/auth/me', { token });
    members.push({ token, id: me.json().data.id as string });
  }
});
afterAll(async () => {
  await ctx?.close();
});

let counter = 0;
const endpointNamed = (name = `device-${(counter += 1)}`) => `https://127.0.0.1:9/push/${name}`;
function bodyFor(endpoint: string) {
  const keys = newBrowserKeys();
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}
const subscribe = (i: number, body: object) =>
  client.json('POST', '/push/subscriptions', m(i), body);
const ownerOf = async (endpoint: string) =>
  (
    await ctx.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint))
  )[0]?.userId ?? null;

describe('the public key', () => {
  it('is public and the same on every call', async () => {
    const first = await client.json('GET', '/push/key');
    expect(first.statusCode).toBe(200);
    const key = first.json().data.public_key as string;
    expect(key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect((await client.json('GET', '/push/key')).json().data.public_key).toBe(key);
  });
});

describe('subscribing', () => {
  it('needs a member', async () => {
    const response = await client.json('POST', '/push/subscriptions', {}, bodyFor(endpointNamed()));
    expect(response.statusCode).toBe(401);
  });

  it('refuses malformed keys with a Japanese message per field', async () => {
    const response = await subscribe(0, {
      endpoint: endpointNamed(),
      keys: { p256dh: 'AAAA', auth: 'x'.repeat(40) },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(JSON.stringify(body.errors)).toContain('p256dh');
    expect(JSON.stringify(body.errors)).toContain('通知の暗号化キー（p256dh）が正しくありません。');
    expect(JSON.stringify(body.errors)).toContain('通知の認証キー（auth）が正しくありません。');
  });

  it('refuses a key that is no P-256 point, with a Japanese field error', async () => {
    const keys = newBrowserKeys();
    // The right shape (65 bytes, 0x04 first), but not a point on the curve.
    const offCurve = Buffer.from(keys.p256dh, 'base64url');
    offCurve[64]! ^= 1;
    const zeros = Buffer.alloc(65);
    zeros[0] = 4;
    for (const p256dh of [offCurve.toString('base64url'), zeros.toString('base64url')]) {
      const endpoint = endpointNamed();
      const response = await subscribe(0, { endpoint, keys: { p256dh, auth: keys.auth } });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        success: false,
        status: 422,
        code: 'VALIDATION_FAILED',
        errors: {
          'keys.p256dh': [
            '通知の暗号化キー（p256dh）が正しくありません。ブラウザーが作った P-256 の公開鍵を指定してください。',
          ],
        },
      });
      expect(await ownerOf(endpoint)).toBeNull();
    }
  });

  it.each([
    'http://127.0.0.1:9/push/a',
    'https://localhost/push/a',
    'https://10.0.0.8/push/a',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::ffff:127.0.0.2]/push',
    'https://2130706434/push',
    'https://user:pw@127.0.0.1:9/push/a',
  ])('refuses the endpoint %s', async (endpoint) => {
    const response = await subscribe(0, bodyFor(endpoint));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.endpoint[0]).toContain(
      'この通知の送り先（endpoint）は使えません',
    );
    expect(await ownerOf(endpoint)).toBeNull();
  });

  it('updates the same endpoint, and moves it to the member who registers it now', async () => {
    const endpoint = endpointNamed();
    expect((await subscribe(0, bodyFor(endpoint))).statusCode).toBe(200);
    expect((await subscribe(0, bodyFor(endpoint))).statusCode).toBe(200);
    expect(await ownerOf(endpoint)).toBe(m(0).id);
    expect((await subscribe(1, bodyFor(endpoint))).statusCode).toBe(200);
    expect(await ownerOf(endpoint)).toBe(m(1).id);
  });

  it(`keeps ${PUSH_SUBSCRIPTIONS_PER_MEMBER} devices per member, the oldest replaced`, async () => {
    const endpoints = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_MEMBER + 1 }, () =>
      endpointNamed(),
    );
    let last;
    for (const endpoint of endpoints) last = await subscribe(2, bodyFor(endpoint));
    expect(last!.json().data.subscription_count).toBe(PUSH_SUBSCRIPTIONS_PER_MEMBER);
    expect(await ownerOf(endpoints[0]!)).toBeNull();
    for (const endpoint of endpoints.slice(1)) expect(await ownerOf(endpoint)).toBe(m(2).id);
  });
});

describe('unsubscribing', () => {
  it("removes the member's own subscription only", async () => {
    const endpoint = endpointNamed();
    await subscribe(0, bodyFor(endpoint));
    const other = await client.json('DELETE', '/push/subscriptions', m(1), { endpoint });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('この端末のプッシュ通知は登録されていません。');
    expect(await ownerOf(endpoint)).toBe(m(0).id);
    const own = await client.json('DELETE', '/push/subscriptions', m(0), { endpoint });
    expect(own.statusCode).toBe(200);
    expect(await ownerOf(endpoint)).toBeNull();
  });
});

describe('push choices', () => {
  it('default to comments, follows and likes on, station posts off, no quiet hours', async () => {
    const response = await client.json('GET', '/push/preferences', m(0));
    expect(response.statusCode).toBe(200);
    const { push_types, quiet_hours } = response.json().data;
    expect(push_types).toEqual(expect.arrayContaining(['comment', 'follow', 'like']));
    expect(push_types).not.toContain('station_post');
    expect(quiet_hours).toEqual({ enabled: false, start: '22:00', end: '07:00' });
  });

  it('are saved, and refused when malformed', async () => {
    const saved = await client.json('PUT', '/push/preferences', m(1), {
      push_types: ['comment', 'station_post'],
      quiet_hours: { enabled: true, start: '23:30', end: '06:15' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await client.json('GET', '/push/preferences', m(1))).json().data).toEqual({
      push_types: ['comment', 'station_post'],
      quiet_hours: { enabled: true, start: '23:30', end: '06:15' },
    });
    for (const body of [
      { push_types: ['nope'], quiet_hours: { enabled: false, start: '22:00', end: '07:00' } },
      { push_types: [], quiet_hours: { enabled: true, start: '25:00', end: '07:00' } },
      { push_types: [], quiet_hours: { enabled: true, start: '07:00', end: '07:00' } },
    ]) {
      const response = await client.json('PUT', '/push/preferences', m(1), body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).not.toBeNull();
    }
  });
});
