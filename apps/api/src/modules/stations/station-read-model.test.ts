import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { ACTIVITY_FRESH_MS } from './station-read-model-store.js';

/**
 * Station reads come from memory with ETags (docs/stations.md#read-model): strong, one per
 * encoding, where the server holds each encoding's bytes; weak where the compression plugin
 * encodes the answer. What is attached to a station (its counts) stays live.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/v2${url}`, headers });

describe('ETags and 304 on station reads', () => {
  const cheap = [
    '/stations/1130208',
    `/stations/search?q=${encodeURIComponent('新宿')}`,
    '/stations/nearby?lat=35.6896&lng=139.7006&limit=5',
    '/lines/11302',
    '/lines?prefecture=13',
    '/prefectures',
  ];

  it.each(cheap)('%s answers 304 to its own ETag, and 200 to another', async (url) => {
    const first = await get(url, { 'accept-encoding': 'gzip' });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^(W\/)?"[\w-]{27}(-gz)?"$/);
    expect(first.headers['cache-control']).toBeTruthy();

    const again = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    const other = await get(url, { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.json().success).toBe(true);
  });

  it('gives the gzip bytes an ETag of their own, which the plain bytes do not match', async () => {
    const plain = await get('/stations/search?q=shinjuku');
    const gzip = await get('/stations/search?q=shinjuku', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).not.toBe(plain.headers.etag);
    const crossed = await get('/stations/search?q=shinjuku', {
      'if-none-match': String(gzip.headers.etag),
    });
    expect(crossed.statusCode).toBe(200);
    expect(crossed.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.items[0]).toMatchObject({ id: 1130208, name: '新宿' });
  });

  it('keeps a station’s counts live: a new want changes the page and its ETag at once', async () => {
    const before = await get('/stations/1130101');
    expect(before.json().data.counts.want_to_visit).toBe(0);
    const etag = String(before.headers.etag);

    const accounts = createAuthClient(ctx, origin);
    const { cookie } = await accounts.insertMemberAndLogIn('read-model@example.com');
    const want = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/stations/1130101/want-to-visit',
      headers: { cookie, origin },
    });
    expect(want.statusCode).toBeLessThan(300);

    const after = await get('/stations/1130101', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.counts.want_to_visit).toBe(1);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('counts each of many concurrent station pages right', async () => {
    const ids = [1130101, 1130208, 1130205, 1130101, 1130208];
    const pages = await Promise.all(ids.map((id) => get(`/stations/${id}`)));
    expect(pages.map((page) => page.json().data.id)).toEqual(ids);
    expect(pages.map((page) => page.json().data.counts.want_to_visit)).toEqual([1, 0, 0, 1, 0]);
  });

  it('shows a write made elsewhere (another instance) within ACTIVITY_FRESH_MS', async () => {
    const before = await get('/stations/1130205');
    expect(before.json().data.counts.want_to_visit).toBe(0);
    // Straight into the database, as another instance's write would arrive: no forgetting here.
    await ctx.db.execute(sql`
      insert into station_wants (station_group_id, user_id)
      select 1130205, id from users where email = 'read-model@example.com'`);
    await expect
      .poll(async () => (await get('/stations/1130205')).json().data.counts.want_to_visit, {
        timeout: ACTIVITY_FRESH_MS * 5,
        interval: ACTIVITY_FRESH_MS / 4,
      })
      .toBe(1);
  });
});
