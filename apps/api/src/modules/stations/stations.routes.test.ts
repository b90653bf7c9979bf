import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

describe('GET /api/v2/stations/markers', () => {
  it('returns every station group column-wise, compressed well under 150 kB', async () => {
    const response = await get('/api/v2/stations/markers', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThanOrEqual(150 * 1024);
    const body = JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString('utf8'));
    expect(body.success).toBe(true);
    expect(body.data.count).toBe(8878);
    expect(body.data.ids).toHaveLength(8878);
    expect(body.data.lats).toHaveLength(8878);
    const shinjuku = body.data.ids.indexOf(1130208);
    expect(body.data.names[shinjuku]).toBe('新宿');
    expect(body.data.lats[shinjuku]).toBeCloseTo(35.6897, 3);
  });

  it('gzip stays under 150 kB too, and the ETag gives 304', async () => {
    const response = await get('/api/v2/stations/markers', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThanOrEqual(150 * 1024);
    const etag = response.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    expect(response.headers['cache-control']).toContain('max-age');
    const again = await get('/api/v2/stations/markers', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('serves plain JSON to clients without compression', async () => {
    const response = await get('/api/v2/stations/markers');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().data.count).toBe(8878);
  });
});

describe('GET /api/v2/stations/{stationGroupId}', () => {
  it('returns names, prefecture, address, coordinates, lines, members and counts', async () => {
    const response = await get('/api/v2/stations/1130208');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      id: 1130208,
      name: '新宿',
      name_en: 'Shinjuku',
      prefecture: { id: 13, name: '東京都', name_en: 'Tokyo' },
      counts: { posts: 0, want_to_visit: 0, stamps: 0 },
    });
    expect(data.address).toContain('東京都新宿区');
    expect(data.lines.map((line: { name: string }) => line.name)).toEqual(
      expect.arrayContaining(['JR山手線', '小田急線', '京王線', '都営大江戸線']),
    );
    expect(data.stations.length).toBeGreaterThanOrEqual(data.lines.length);
    expect(data.stations[0]).toMatchObject({
      line: { id: expect.any(Number), name: expect.any(String) },
    });
  });

  it('answers an unknown station with the 404 envelope', async () => {
    const response = await get('/api/v2/stations/999999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      data: null,
      success: false,
      status: 404,
      code: 'NOT_FOUND',
      message: '指定された駅は見つかりませんでした。',
      errors: null,
    });
  });

  it('rejects a malformed id with 422 and a field error', async () => {
    const response = await get('/api/v2/stations/abc');
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.errors.stationGroupId[0]).toBe('駅IDは数値で指定してください。');
  });
});

describe('GET /api/v2/stations/search', () => {
  it('ranks the exact name first', async () => {
    const { data } = (await get(`/api/v2/stations/search?q=${encodeURIComponent('新宿')}`)).json();
    expect(data.items[0].name).toBe('新宿');
    expect(data.items.length).toBeGreaterThan(3);
    expect(data.items.every((item: { name: string }) => item.name.includes('新宿'))).toBe(true);
  });

  it('finds English names regardless of case, and ignores a trailing 駅', async () => {
    const english = (await get('/api/v2/stations/search?q=shinjuku')).json();
    expect(english.data.items[0].name_en).toBe('Shinjuku');
    const withSuffix = (
      await get(`/api/v2/stations/search?q=${encodeURIComponent('京都駅')}`)
    ).json();
    expect(withSuffix.data.items[0].name).toBe('京都');
  });

  it('treats LIKE wildcards as plain text', async () => {
    const { data } = (await get(`/api/v2/stations/search?q=${encodeURIComponent('%')}`)).json();
    expect(data.items).toEqual([]);
  });

  it('requires q', async () => {
    const response = await get('/api/v2/stations/search');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.q).toEqual(['検索キーワードを入力してください。']);
  });
});

describe('GET /api/v2/stations/nearby', () => {
  it('lists groups by distance with metres', async () => {
    const { data } = (
      await get('/api/v2/stations/nearby?lat=35.681391&lng=139.766103&limit=5')
    ).json();
    expect(data.items).toHaveLength(5);
    expect(data.items[0].name).toBe('東京');
    expect(data.items[0].distance_m).toBeLessThan(50);
    const distances = data.items.map((item: { distance_m: number }) => item.distance_m);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[4]).toBeLessThan(2000);
  });

  it('returns nothing in the open sea', async () => {
    const { data } = (await get('/api/v2/stations/nearby?lat=30&lng=150&radius_m=1000')).json();
    expect(data.items).toEqual([]);
  });

  it('rejects bad coordinates with field errors', async () => {
    const response = await get('/api/v2/stations/nearby?lat=91&lng=abc');
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.lat).toEqual(['緯度は90以下で指定してください。']);
    expect(errors.lng).toEqual(['経度は数値で指定してください。']);
  });
});

describe('GET /api/v2/stations/random', () => {
  it('draws a station within the prefecture asked for', async () => {
    for (let i = 0; i < 5; i += 1) {
      const { data } = (await get('/api/v2/stations/random?prefecture=47')).json();
      expect(data.prefecture.name).toBe('沖縄県');
    }
  });

  it('draws a station on the line asked for', async () => {
    const { data } = (await get('/api/v2/stations/random?line=11302')).json();
    expect(data.lines.map((line: { id: number }) => line.id)).toContain(11302);
  });

  it('answers 404 when nothing matches and 422 for a bad prefecture', async () => {
    const none = await get('/api/v2/stations/random?prefecture=47&line=11302');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toContain('条件に合う駅が見つかりませんでした');
    const bad = await get('/api/v2/stations/random?prefecture=48');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.prefecture).toEqual(['都道府県は1から47の番号で指定してください。']);
  });
});

describe('prefectures and lines', () => {
  it('lists the 47 prefectures in JIS order', async () => {
    const { data } = (await get('/api/v2/prefectures')).json();
    expect(data.items).toHaveLength(47);
    expect(data.items[0]).toEqual({ id: 1, name: '北海道', name_en: 'Hokkaido' });
    expect(data.items[46].name).toBe('沖縄県');
  });

  it('lists the lines serving a prefecture', async () => {
    const { data } = (await get('/api/v2/lines?prefecture=47')).json();
    expect(data.items.map((line: { name: string }) => line.name)).toEqual(['ゆいレール']);
  });
});

describe('GET /api/v2/map/railways', () => {
  it('returns one MultiLineString per line, cacheable', async () => {
    const response = await get('/api/v2/map/railways');
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeDefined();
    const { data } = response.json();
    expect(data.type).toBe('FeatureCollection');
    expect(data.features).toHaveLength(588);
    const yamanote = data.features.find(
      (f: { properties: { line_id: number } }) => f.properties.line_id === 11302,
    );
    expect(yamanote.geometry.type).toBe('MultiLineString');
    const ring = yamanote.geometry.coordinates[0];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
  });
});
