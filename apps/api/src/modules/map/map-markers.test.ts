import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { stationGroups } from '../../db/schema/index.js';
import { and, asc, between, eq } from 'drizzle-orm';
import { buildPosts, buildUsers } from '../../../test/factories.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let userId: string;
let tokyo: { id: number; lat: number; lng: number };

const DAY = 24 * 60 * 60 * 1000;
const TOKYO_BOX = '139.70,35.60,139.85,35.75';

beforeAll(async () => {
  ctx = await createTestApp();
  const [user] = await buildUsers(ctx.db, [
    { name: '地図係', email: 'map@example.jp', passwordHash: 'x' },
  ]);
  userId = user!.id;
  const [group] = await ctx.db
    .select({ id: stationGroups.id, lat: stationGroups.lat, lng: stationGroups.lng })
    .from(stationGroups)
    .where(eq(stationGroups.name, '東京'));
  tokyo = group!;
});
afterAll(async () => {
  await ctx?.close();
});

async function markers(query: string) {
  const response = await ctx.app.inject(`/api/v2/map/markers?${query}`);
  return { status: response.statusCode, body: response.json() };
}

describe('GET /api/v2/map/markers', () => {
  it('returns the spots and events inside the box, upcoming events first', async () => {
    const now = Date.now();
    const [spot] = await buildPosts(ctx.db, [
      { userId, kind: 'spot', title: '皇居外苑の広場', lat: 35.68, lng: 139.757 },
    ]);
    const [past] = await buildPosts(ctx.db, [
      {
        userId,
        kind: 'event',
        title: '終わった撮影会',
        lat: 35.69,
        lng: 139.7,
        startsAt: new Date(now - 3 * DAY),
        endsAt: new Date(now - 2 * DAY),
      },
    ]);
    // No point of its own: it sits at its station.
    const [atStation] = await buildPosts(ctx.db, [
      {
        userId,
        kind: 'event',
        title: '東京駅の鉄道フェア',
        stationGroupId: tokyo.id,
        startsAt: new Date(now + DAY),
        endsAt: new Date(now + 2 * DAY),
      },
    ]);
    await buildPosts(ctx.db, [
      { userId, kind: 'spot', title: '札幌の時計台', lat: 43.0626, lng: 141.3536 },
    ]);
    await buildPosts(ctx.db, [{ userId, kind: 'image', stationGroupId: tokyo.id }]);

    const { status, body } = await markers(`bbox=${TOKYO_BOX}&zoom=13`);
    expect(status).toBe(200);
    expect(body.data.truncated).toBe(false);
    const items = body.data.items as { id: string; kind: string; upcoming: boolean }[];
    expect(items.map((item) => item.id)).toEqual([atStation!.id, past!.id, spot!.id]);
    expect(items[0]).toMatchObject({
      kind: 'event',
      title: '東京駅の鉄道フェア',
      lat: tokyo.lat,
      lng: tokyo.lng,
      upcoming: true,
    });
    expect(items[1]).toMatchObject({ upcoming: false });

    const onlySpots = await markers(`bbox=${TOKYO_BOX}&kinds=spot`);
    expect(onlySpots.body.data.items.map((item: { id: string }) => item.id)).toEqual([spot!.id]);
  });

  it('answers every country-wide view with one shared answer for all of Japan', async () => {
    const tokyoOnly = await ctx.app.inject(`/api/v2/map/markers?bbox=${TOKYO_BOX}&zoom=5`);
    const wider = await ctx.app.inject('/api/v2/map/markers?bbox=125,25,150,45&zoom=4.5');
    expect(tokyoOnly.statusCode).toBe(200);
    const titles = tokyoOnly.json().data.items.map((item: { title: string }) => item.title);
    expect(titles).toContain('札幌の時計台');
    expect(titles).toContain('東京駅の鉄道フェア');
    expect(wider.headers.etag).toBe(tokyoOnly.headers.etag);
    expect(wider.body).toBe(tokyoOnly.body);
    const revalidated = await ctx.app.inject({
      url: `/api/v2/map/markers?bbox=${TOKYO_BOX}&zoom=5`,
      headers: { 'if-none-match': String(tokyoOnly.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('adds station groups when asked', async () => {
    const { body } = await markers(`bbox=139.765,35.678,139.769,35.684&kinds=station`);
    expect(body.data.items).toContainEqual(
      expect.objectContaining({ kind: 'station', id: String(tokyo.id), title: '東京' }),
    );
  });

  it('answers the open groups of the box by id, as the database holds them', async () => {
    // Around Tokyo's centre: a few hundred groups, closed ones (廃駅) among the rows.
    const [west, south, east, north] = [139.6, 35.6, 139.8, 35.75];
    const { body } = await markers(`bbox=${west},${south},${east},${north}&kinds=station`);
    const rows = await ctx.db
      .select({ id: stationGroups.id, name: stationGroups.name })
      .from(stationGroups)
      .where(
        and(
          eq(stationGroups.closed, false),
          between(stationGroups.lat, south, north),
          between(stationGroups.lng, west, east),
        ),
      )
      .orderBy(asc(stationGroups.id));
    expect(rows.length).toBeGreaterThan(100);
    expect(
      body.data.items.map((item: { id: string; title: string }) => [item.id, item.title]),
    ).toEqual(rows.map((row) => [String(row.id), row.name]));
  });

  it('caps the answer and says so', async () => {
    const { body } = await markers('bbox=122,20,154,46&kinds=station');
    expect(body.data.items).toHaveLength(2000);
    expect(body.data.truncated).toBe(true);
  });

  it('explains a malformed box or kind in Japanese', async () => {
    const reversed = await markers('bbox=140,35,139,36');
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors.bbox[0]).toContain('西,南,東,北');
    expect((await markers('bbox=1,2,3')).status).toBe(422);
    expect((await markers('')).body.errors).toHaveProperty('bbox');
    const badKind = await markers(`bbox=${TOKYO_BOX}&kinds=spot,train`);
    expect(badKind.status).toBe(422);
    expect(JSON.stringify(badKind.body.errors)).toContain('station, spot, event');
  });
});
