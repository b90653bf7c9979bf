import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { openSse } from '../../../test/sse-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { pushSubscriptions } from '../../db/schema/index.js';
import { describeUserAgent } from './device-label.js';

/**
 * The session list (docs/accounts.md#sessions): each signed-in device with its device, browser
 * and dates, 「この端末」 marked; one ended from another closes its live stream and its push
 * subscriptions; 「ほかの端末をすべてログアウト」 keeps only this one.
 */

const origin = 'http://localhost:3000';
const password = 'correct horse battery';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let accounts: ReturnType<typeof createAuthClient>;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  accounts = createAuthClient(ctx, origin);
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string) =>
  ctx.app.inject({
    method,
    url: `/api/v2/auth${url}`,
    headers: { authorization: `Bearer ${token}` },
  });

async function signInAs(email: string, userAgent: string) {
  const login = await accounts.post('/login', { email, password }, { 'user-agent': userAgent });
  expect(login.statusCode).toBe(200);
  return login.json().data.token as string;
}

describe('device labels', () => {
  it('names broad device and browser families only', () => {
    expect(describeUserAgent(IPHONE)).toEqual({ device: 'iPhone', browser: 'Safari' });
    expect(describeUserAgent(WINDOWS_EDGE)).toEqual({ device: 'Windows', browser: 'Edge' });
    expect(describeUserAgent(null)).toEqual({ device: null, browser: null });
  });
});

describe('sessions', () => {
  it('lists the member’s sessions with 「この端末」 marked, and never another member’s', async () => {
    await accounts.insertMemberAndLogIn('list@example.jp', password);
    const phone = await signInAs('list@example.jp', IPHONE);
    const pc = await signInAs('list@example.jp', WINDOWS_EDGE);
    const { token: stranger } = await accounts.insertMemberAndLogIn('stranger@example.jp');

    const listed = await call('GET', '/sessions', phone);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const items = listed.json().data.items as Record<string, unknown>[];
    expect(items).toHaveLength(3);
    expect(items.filter((item) => item.current)).toEqual([
      expect.objectContaining({ device: 'iPhone', browser: 'Safari', current: true }),
    ]);
    expect(items).toContainEqual(
      expect.objectContaining({ device: 'Windows', browser: 'Edge', current: false }),
    );
    for (const item of items) {
      expect(Number.isNaN(Date.parse(String(item.created_at)))).toBe(false);
      expect(Number.isNaN(Date.parse(String(item.last_used_at)))).toBe(false);
      // Nothing of the token or the address travels.
      expect(Object.keys(item).sort()).toEqual(
        ['browser', 'created_at', 'current', 'device', 'id', 'last_used_at'].sort(),
      );
    }
    const pcId = items.find((item) => item.device === 'Windows')?.id as string;
    // Another member cannot end it: it is not theirs (404, and it lives on).
    expect((await call('DELETE', `/sessions/${pcId}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', '/me', pc)).json().data).not.toBeNull();
    expect((await call('GET', '/sessions', undefined as unknown as string)).statusCode).toBe(401);
  });

  it('ends one session from another: its stream closes and its push subscription goes', async () => {
    await accounts.insertMemberAndLogIn('end-one@example.jp', password);
    const phone = await signInAs('end-one@example.jp', IPHONE);
    const pc = await signInAs('end-one@example.jp', WINDOWS_EDGE);
    const items = (await call('GET', '/sessions', phone)).json().data.items as {
      id: string;
      device: string;
    }[];
    const pcId = items.find((item) => item.device === 'Windows')!.id;
    const me = (await call('GET', '/me', pc)).json().data as { id: string };
    await ctx.db.insert(pushSubscriptions).values({
      userId: me.id,
      sessionId: pcId,
      endpoint: 'https://push.example.jp/end-one-pc',
      p256dh: 'key',
      auth: 'secret',
    });

    const ending = openSse(`${base}/api/v2/notifications/stream`, {
      authorization: `Bearer ${pc}`,
    });
    const staying = openSse(`${base}/api/v2/notifications/stream`, {
      authorization: `Bearer ${phone}`,
    });
    await ending.next('unread');
    await staying.next('unread');

    const ended = await call('DELETE', `/sessions/${pcId}`, phone);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().message).toBe('その端末からログアウトしました。');
    await expect.poll(() => ending.ended(), { timeout: 10_000 }).toBe(true);
    expect(staying.ended()).toBe(false);
    staying.close();
    expect((await call('GET', '/me', pc)).json().data).toBeNull();
    expect(
      await ctx.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, 'https://push.example.jp/end-one-pc')),
    ).toEqual([]);
    // Ended already: a second try says so.
    expect((await call('DELETE', `/sessions/${pcId}`, phone)).statusCode).toBe(404);
  });

  it('「ほかの端末をすべてログアウト」 keeps only this session', async () => {
    const { token: here } = await accounts.insertMemberAndLogIn('end-others@example.jp', password);
    const a = await signInAs('end-others@example.jp', IPHONE);
    const b = await signInAs('end-others@example.jp', WINDOWS_EDGE);
    const out = await call('POST', '/sessions/end-others', here);
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('ほかの端末（2件）からログアウトしました。');
    expect((await call('GET', '/me', a)).json().data).toBeNull();
    expect((await call('GET', '/me', b)).json().data).toBeNull();
    const left = (await call('GET', '/sessions', here)).json().data.items as unknown[];
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  });
});
