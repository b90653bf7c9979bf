import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { stationGroupIdOf } from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { mapImageDrawings } from './map-image.service.js';
import { buildListItems, buildLists, buildPosts } from '../../../test/factories.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
type Member = { id: string; token: string };
let owner: Member;
let other: Member;
let tokyoId: number;
let shinjukuId: number;
const origin = 'http://localhost:3000';

/** Set MAP_SAMPLE_DIR to keep the images drawn here, to look at them (docs/map.md#map-images). */
const sampleDir = process.env.MAP_SAMPLE_DIR;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  const members = await createAuthClient(ctx, origin).members('mapimage', 2);
  owner = members[0]!;
  other = members[1]!;
  tokyoId = await stationGroupIdOf(ctx.db, '東京', 13);
  shinjukuId = await stationGroupIdOf(ctx.db, '新宿', 13);
});
afterAll(async () => {
  await ctx?.close();
});

const as = (member?: { token: string }) =>
  member ? { authorization: `Bearer ${member.token}` } : {};

/** 200, a WebP `width` × 2/3 wide with its caching headers. */
async function mapImage(url: string, width: number, member?: { token: string }, sample?: string) {
  const response = await ctx.app.inject({ url, headers: as(member) });
  expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
  expect(response.headers['content-type']).toBe('image/webp');
  const etag = String(response.headers.etag);
  expect(etag).toMatch(/^"[\w-]+"$/);
  const meta = await sharp(response.rawPayload).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
    format: 'webp',
    width,
    height: Math.round((width * 2) / 3),
  });
  if (sampleDir && sample) {
    await fs.mkdir(sampleDir, { recursive: true });
    await fs.writeFile(path.join(sampleDir, `${sample}.webp`), response.rawPayload);
  }
  return { body: response.rawPayload, etag, cacheControl: response.headers['cache-control'] };
}

async function missing(url: string, member?: { token: string }) {
  const response = await ctx.app.inject({ url, headers: as(member) });
  expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
  expect(response.json()).toMatchObject({ success: false, status: 404 });
}

/** The share of pixels close to a colour (the marks and lines are drawn, not a blank panel). */
async function shareOf(body: Buffer, [r, g, b]: [number, number, number]) {
  const { data, info } = await sharp(body)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let near = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) < 40)
      near += 1;
  }
  return near / (info.width * info.height);
}

describe('map images', () => {
  it("draws a station's map at each allowed width, the same again from the cache", async () => {
    const url = `/api/v2/maps/station/${tokyoId}.webp`;
    const small = await mapImage(`${url}?w=320`, 320, undefined, 'station-tokyo-320');
    const base = await mapImage(url, 480, undefined, 'station-tokyo-480');
    const large = await mapImage(`${url}?w=960`, 960, undefined, 'station-tokyo-960');
    expect(new Set([small.etag, base.etag, large.etag]).size).toBe(3);
    expect(base.cacheControl).toBe('public, max-age=3600');
    // Land, a green pin and railway lines (JR green) are on it.
    expect(await shareOf(base.body, [0xf3, 0xf1, 0xe8])).toBeGreaterThan(0.3);
    expect(await shareOf(base.body, [0x1b, 0x5e, 0x20])).toBeGreaterThan(0.001);

    const drawn = mapImageDrawings();
    const again = await mapImage(`${url}?w=960`, 960);
    expect(again.etag).toBe(large.etag);
    expect(again.body.equals(large.body)).toBe(true);
    expect(mapImageDrawings()).toBe(drawn); // from the cache, not drawn again
    const revalidated = await ctx.app.inject({ url, headers: { 'if-none-match': base.etag } });
    expect(revalidated.statusCode).toBe(304);

    const shinjuku = await mapImage(`/api/v2/maps/station/${shinjukuId}.webp`, 480);
    expect(shinjuku.etag).not.toBe(base.etag);
  });

  it('refuses a width outside the set and an unknown station', async () => {
    const odd = await ctx.app.inject(`/api/v2/maps/station/${tokyoId}.webp?w=500`);
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors.w[0]).toContain('幅（w）は');
    await missing('/api/v2/maps/station/999999999.webp');
  });

  it("draws a post's place; a hidden post's map only for its author", async () => {
    const [spot, hidden, placeless] = await buildPosts(ctx.db, [
      { userId: owner.id, kind: 'spot', title: '駅そば', lat: 35.6905, lng: 139.7005 },
      {
        userId: owner.id,
        kind: 'spot',
        title: '隠れ家',
        lat: 35.68,
        lng: 139.76,
        hiddenAt: new Date(),
      },
      { userId: owner.id, kind: 'image', title: '写真', stationGroupId: tokyoId },
    ]);
    const shown = await mapImage(
      `/api/v2/maps/post/${spot!.id}.webp?w=640`,
      640,
      undefined,
      'post',
    );
    expect(shown.cacheControl).toBe('private, no-cache');
    await missing(`/api/v2/maps/post/${hidden!.id}.webp`);
    await missing(`/api/v2/maps/post/${hidden!.id}.webp`, other);
    await mapImage(`/api/v2/maps/post/${hidden!.id}.webp`, 480, owner);
    await missing(`/api/v2/maps/post/${placeless!.id}.webp`);
  });

  it("draws a list's numbered places; a private list's only for its owner", async () => {
    const [open, secret] = await buildLists(ctx.db, [
      { userId: owner.id, title: '山手線の駅', description: '' },
      { userId: owner.id, title: '秘密のリスト', isPublic: false },
    ]);
    await buildListItems(
      ctx.db,
      [open!, secret!].flatMap((list) =>
        [tokyoId, shinjukuId].map((stationGroupId, index) => ({
          listId: list.id,
          stationGroupId,
          position: index + 1,
        })),
      ),
    );
    const drawn = await mapImage(`/api/v2/maps/list/${open!.id}.webp`, 480, undefined, 'list');
    // The first place's red circle.
    expect(await shareOf(drawn.body, [0xb7, 0x1c, 0x1c])).toBeGreaterThan(0.0005);
    await missing(`/api/v2/maps/list/${secret!.id}.webp`);
    await missing(`/api/v2/maps/list/${secret!.id}.webp`, other);
    await mapImage(`/api/v2/maps/list/${secret!.id}.webp`, 480, owner);
  });
});
