import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuthClient } from '../../test/auth-client.js';
import { createFakeWebBuild, createHold } from '../../test/fake-server-render.js';
import { createTestApp } from '../../test/test-app.js';
import { RENDER_GATE_LIMITS } from './render-gate.js';

/**
 * Pages drawn on the server under load and under failure (docs/security.md#pages-are-keyed-on-what-they-read):
 * a query string no page reads leads to the clean address (no render, nothing kept); renders
 * beyond the gate's limits, overall and per client, are answered 503 with Retry-After while the
 * API's reads go on; a render whose reads failed is a 503 that nothing keeps.
 */
const origin = 'http://localhost:3000';
/** Polls for answers that come at once, on a machine that may be busy. */
const WAIT = { timeout: 15_000, interval: 20 };
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let build: Awaited<ReturnType<typeof createFakeWebBuild>>;

beforeAll(async () => {
  build = await createFakeWebBuild();
  ctx = await createTestApp({ WEB_DIST_DIR: build.distDir, PUBLIC_URL: origin });
  await createAuthClient(ctx, origin).insertMemberAndLogIn('directory@example.com');
});
afterAll(async () => {
  await ctx?.close();
  await build?.remove();
});

/** Fixed seed: the same "random" query strings on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state.toString(36);
  };
}

/** Every turn of the render gate free again (a turn rests a moment after its render). */
const idle = () =>
  vi.waitFor(() => expect(ctx.app.renderGate?.load()).toEqual({ running: 0, waiting: 0 }), WAIT);

const page = (url: string, ip: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url,
    remoteAddress: ip,
    headers: { accept: 'text/html', ...headers },
  });

describe('a flood of uncached renders with random query strings', () => {
  it('keeps the kept pages, caps renders overall and per client, and the API reads go on', async () => {
    build.reset();
    const kept = await page('/station/1130101', '10.0.0.1');
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toContain('<main>東京</main>');
    expect(ctx.app.pageCache.get('/station/1130101')).toBeDefined();

    await idle();
    const hold = createHold();
    build.control.afterRead = hold.wait;
    const next = seeded(45);
    const answered: {
      url: string;
      ip: string;
      status: number;
      retryAfter?: string;
      body: string;
    }[] = [];
    const request = (url: string, ip: string) =>
      page(url, ip).then((response) => {
        answered.push({
          url,
          ip,
          status: response.statusCode,
          retryAfter: response.headers['retry-after'] as string | undefined,
          body: response.body,
        });
        return response;
      });

    // One client asks for more pages than its share: its share is drawn, the rest refused.
    const asked = RENDER_GATE_LIMITS.perClient + 2;
    const one = Array.from({ length: asked }, () => request(`/users?q=${next()}`, '10.0.9.9'));
    await vi.waitFor(() => expect(answered).toHaveLength(2), WAIT);
    expect(answered.every((a) => a.status === 503 && a.ip === '10.0.9.9')).toBe(true);

    // 50 more at once, each its own client, while the station API is read.
    const flood = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? request(`/station/1130101?cb=${next()}`, `10.1.0.${i}`)
        : request(`/users?q=${next()}`, `10.1.0.${i}`),
    );
    const reads = await Promise.all(
      Array.from({ length: 50 }, () => ctx.app.inject('/api/v2/stations/1130101')),
    );
    expect(reads.map((read) => read.statusCode)).toEqual(reads.map(() => 200));

    // A query string the station page does not read: the clean address, drawn by no one.
    const cleaned = answered.filter((a) => a.url.includes('?cb='));
    await vi.waitFor(() => expect(cleaned).toHaveLength(25), WAIT);
    expect(cleaned.map((a) => a.status)).toEqual(cleaned.map(() => 301));
    // Beyond the renders running and waiting: 503 at once, with Retry-After, in Japanese.
    const capacity = RENDER_GATE_LIMITS.running + RENDER_GATE_LIMITS.waiting;
    const refused = () => answered.filter((a) => a.url.startsWith('/users') && a.ip !== '10.0.9.9');
    await vi.waitFor(
      () => expect(refused()).toHaveLength(25 - (capacity - RENDER_GATE_LIMITS.perClient)),
      WAIT,
    );
    for (const a of refused()) {
      expect(a.status).toBe(503);
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(a.body).toContain('ただいま混み合っています');
    }
    // A client that reads JSON gets the API's envelope.
    const json = await ctx.app.inject({
      url: `/users?q=${next()}`,
      remoteAddress: '10.2.0.1',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(503);
    expect(json.headers['retry-after']).toBeDefined();
    expect(json.json()).toMatchObject({
      success: false,
      status: 503,
      message: 'ただいま混み合っています。しばらく待ってからもう一度お試しください。',
    });

    hold.release();
    const drawn = (await Promise.all([...one, ...flood])).filter((r) => r.statusCode === 200);
    expect(drawn).toHaveLength(capacity);
    // The kept page is still kept; no address with a query string no page reads ever was.
    expect(ctx.app.pageCache.get('/station/1130101')).toBeDefined();
    for (const a of cleaned) expect(ctx.app.pageCache.get(a.url)).toBeUndefined();
  });

  it('sends other query strings to the address with only what the page reads', async () => {
    build.reset();
    const response = await page('/rankings/post?utm_source=x&period=month&period=all', '10.3.0.1');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/rankings/post?period=month');
    const login = await page('/login?redirect=%2Fstation%2F1130101&cb=1', '10.3.0.1');
    expect(login.headers.location).toBe('/login?redirect=%2Fstation%2F1130101');
    // One spelling of the path too: the router reads any case and a trailing slash alike.
    const spelt = await page('/STATION/1130101/?cb=1', '10.3.0.1');
    expect(spelt.headers.location).toBe('/station/1130101');
    // Never to another site.
    expect((await page('//evil.example/?cb=1', '10.3.0.1')).statusCode).toBe(404);
  });
});

describe('a render whose reads fail', () => {
  it('answers 503 with Retry-After and keeps nothing; the next render, after, is whole', async () => {
    build.reset();
    const hold = createHold();
    let reached!: () => void;
    const reading = new Promise<void>((resolve) => (reached = resolve));
    build.control.beforeRead = () => {
      reached();
      return hold.wait();
    };
    const during = page('/users', '10.4.0.1');
    await reading;
    // The database fails between the render's start and its read.
    await ctx.db.execute(sql`alter table users rename to users_away`);
    hold.release();
    const failed = await during;
    await ctx.db.execute(sql`alter table users_away rename to users`);
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['retry-after']).toBe('5');
    expect(failed.headers['cache-control']).toBe('no-store');
    expect(failed.body).toContain('ただいまサービスを利用できません');
    expect(ctx.app.pageCache.get('/users')).toBeUndefined();

    build.reset();
    const directory = (await ctx.app.inject('/api/v2/users')).json();
    const name = directory.data.items[0].name as string;
    const after = await page('/users', '10.4.0.1');
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(`<main>${name}</main>`);
    expect(ctx.app.pageCache.get('/users')).toBeDefined();
  });
});

describe('the encodings of a page', () => {
  it('each has its own ETag, and If-None-Match answers 304 only for the one held', async () => {
    build.reset();
    const url = '/station/1130208';
    const identity = await page(url, '10.5.0.1');
    const gzip = await page(url, '10.5.0.1', { 'accept-encoding': 'gzip' });
    const br = await page(url, '10.5.0.1', { 'accept-encoding': 'br, gzip' });
    expect([gzip, br].map((r) => r.headers['content-encoding'])).toEqual(['gzip', 'br']);
    const tags = [identity, gzip, br].map((r) => String(r.headers.etag));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);

    const held = { 'accept-encoding': 'br', 'if-none-match': tags[2]! };
    const revalidated = await page(url, '10.5.0.1', held);
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(tags[2]);
    const otherEncoding = await page(url, '10.5.0.1', { ...held, 'accept-encoding': 'gzip' });
    expect(otherEncoding.statusCode).toBe(200);
    expect(otherEncoding.headers.etag).toBe(tags[1]);
    const plain = await page(url, '10.5.0.1', { 'if-none-match': tags[0]! });
    expect(plain.statusCode).toBe(304);
  });

  it('holds for the built assets too: each compressed copy its own validator', async () => {
    const url = '/assets/app-a1.js';
    const answers = await Promise.all(
      ['identity', 'gzip', 'br'].map((encoding) =>
        ctx.app.inject({ url, headers: { 'accept-encoding': encoding } }),
      ),
    );
    expect(answers.map((r) => r.headers['content-encoding'])).toEqual([undefined, 'gzip', 'br']);
    expect(new Set(answers.map((r) => r.headers.etag)).size).toBe(3);
    const held = { 'accept-encoding': 'br', 'if-none-match': String(answers[2]!.headers.etag) };
    expect((await ctx.app.inject({ url, headers: held })).statusCode).toBe(304);
  });
});
