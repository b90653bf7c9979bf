import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { stationGroups } from '../../db/schema/index.js';
import { buildListItems, buildLists, buildPosts, buildUsers } from '../../../test/factories.js';

/**
 * The JSON-LD the server writes into shared pages' heads (share.service.ts through
 * structured-data.ts), read back from the HTML as a crawler reads it.
 */

const origin = 'https://ekispot.example';
const TEMPLATE =
  '<!doctype html><html lang="ja"><head><meta charset="UTF-8" />' +
  '<title>えきスポ</title></head><body><div id="root"></div></body></html>';
const BREAKOUT = '</script><script>alert(1)</script><!--';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let distDir: string;
let userId: string;
let tokyoId: number;

type JsonLd = Record<string, unknown> & { '@type': string };

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), TEMPLATE);
  ctx = await createTestApp({ PUBLIC_URL: origin, WEB_DIST_DIR: distDir });
  const [user] = await buildUsers(ctx.db, [
    { name: '幹事', email: 'json-ld@example.jp', passwordHash: 'x' },
  ]);
  userId = user!.id;
  const [tokyo] = await ctx.db
    .select({ id: stationGroups.id })
    .from(stationGroups)
    .where(and(eq(stationGroups.name, '東京'), eq(stationGroups.prefectureId, 13)));
  tokyoId = tokyo!.id;
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

/** The page's JSON-LD objects, each script's text parsed as JSON. */
async function structuredData(url: string, status = 200): Promise<JsonLd[]> {
  const response = await ctx.app.inject(url);
  expect({ url, status: response.statusCode }).toEqual({ url, status });
  const html = response.body;
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  // Nothing a title holds can end a script early or start one: every script is ours.
  expect(html.match(/<script/g)?.length ?? 0).toBe(scripts.length);
  expect(html.match(/<\/script>/g)?.length ?? 0).toBe(scripts.length);
  return scripts.map((match) => JSON.parse(match[1]!) as JsonLd);
}

const ofType = (data: JsonLd[], type: string) => data.find((item) => item['@type'] === type);

describe('structured data', () => {
  it('describes a station as a TrainStation under its prefecture', async () => {
    const data = await structuredData(`/station/${tokyoId}`);
    const station = ofType(data, 'TrainStation');
    expect(station).toMatchObject({
      '@context': 'https://schema.org',
      name: '東京駅',
      url: `${origin}/station/${tokyoId}`,
      geo: { '@type': 'GeoCoordinates' },
      address: { '@type': 'PostalAddress', addressRegion: '東京都', addressCountry: 'JP' },
    });
    const geo = station!.geo as { latitude: number; longitude: number };
    expect(geo.latitude).toBeCloseTo(35.68, 1);
    expect(geo.longitude).toBeCloseTo(139.77, 1);
    expect(ofType(data, 'BreadcrumbList')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: '東京都' },
        { '@type': 'ListItem', position: 2, name: '東京駅', item: `${origin}/station/${tokyoId}` },
      ],
    });
  });

  it('describes an event at its spot, held by its author, whatever its title holds', async () => {
    const [spot] = await buildPosts(ctx.db, [
      { userId, kind: 'spot', title: '丸の内広場', lat: 35.6812, lng: 139.7671 },
    ]);
    const [event] = await buildPosts(ctx.db, [
      {
        userId,
        kind: 'event',
        title: `駅前マルシェ ${BREAKOUT}`,
        body: '地元の野菜 & パン <b>が並びます</b>',
        parentPostId: spot!.id,
        stationGroupId: tokyoId,
        startsAt: new Date('2030-05-01T01:00:00Z'),
        endsAt: new Date('2030-05-01T08:00:00Z'),
      },
    ]);

    const data = await structuredData(`/post/${event!.id}`);
    expect(data).toHaveLength(1);
    expect(ofType(data, 'Event')).toMatchObject({
      '@context': 'https://schema.org',
      name: `駅前マルシェ ${BREAKOUT}`,
      url: `${origin}/post/${event!.id}`,
      startDate: '2030-05-01T01:00:00.000Z',
      endDate: '2030-05-01T08:00:00.000Z',
      location: {
        '@type': 'Place',
        name: '丸の内広場',
        geo: { '@type': 'GeoCoordinates', latitude: 35.6812, longitude: 139.7671 },
        address: { '@type': 'PostalAddress', addressRegion: '東京都', addressCountry: 'JP' },
      },
      organizer: { '@type': 'Person', name: '幹事', url: `${origin}/profile/${userId}/posts` },
    });
    expect(ofType(data, 'Event')!.description).toContain('地元の野菜 & パン <b>が並びます</b>');

    const spotData = await structuredData(`/post/${spot!.id}`);
    expect(spotData).toEqual([
      expect.objectContaining({
        '@type': 'Place',
        name: '丸の内広場',
        url: `${origin}/post/${spot!.id}`,
        geo: { '@type': 'GeoCoordinates', latitude: 35.6812, longitude: 139.7671 },
      }),
    ]);
  });

  it('gives a photo post none', async () => {
    const [photo] = await buildPosts(ctx.db, [{ userId, kind: 'image', stationGroupId: tokyoId }]);
    expect(await structuredData(`/post/${photo!.id}`)).toEqual([]);
  });

  it("lists a public list's items in order; a private list has none", async () => {
    const [spot] = await buildPosts(ctx.db, [
      { userId, kind: 'spot', title: '駅そば', lat: 35.68, lng: 139.76 },
    ]);
    const [list, secret] = await buildLists(ctx.db, [
      { userId, title: `東京めぐり ${BREAKOUT}`, description: '週末に。' },
      { userId, title: '秘密のリスト', isPublic: false },
    ]);
    await buildListItems(ctx.db, [
      { listId: list!.id, postId: spot!.id, position: 2 },
      { listId: list!.id, stationGroupId: tokyoId, position: 1 },
    ]);

    const data = await structuredData(`/list/${list!.id}`);
    expect(data).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: `東京めぐり ${BREAKOUT}`,
        url: `${origin}/list/${list!.id}`,
        description: '週末に。',
        numberOfItems: 2,
        itemListOrder: 'https://schema.org/ItemListOrderAscending',
        itemListElement: [
          { '@type': 'ListItem', position: 1, url: `${origin}/station/${tokyoId}`, name: '東京駅' },
          { '@type': 'ListItem', position: 2, url: `${origin}/post/${spot!.id}`, name: '駅そば' },
        ],
      },
    ]);
    expect(await structuredData(`/list/${secret!.id}`, 404)).toEqual([]);
  });
});
