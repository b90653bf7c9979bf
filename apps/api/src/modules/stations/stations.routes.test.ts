import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeStationMarkers, MARKER_COORDINATE_SCALE } from '@ekispot/shared';
import { createTestApp } from '../../../test/test-app.js';
import { haversineMetres } from '../map/railway-geometry.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * Open stations of the bundled 2021 data, one per name of each of its 8,804 open station groups,
 * and the 20 stations only the Shinkansen serves (docs/stations.md#how-many-stations).
 */
const OPEN_GROUPS = 9025;

async function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

describe('GET /api/v2/stations/markers', () => {
  it('returns every open station group column-wise, under 40 kB with brotli', async () => {
    const response = await get('/api/v2/stations/markers', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const body = JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString('utf8'));
    expect(body.success).toBe(true);
    expect(body.data.count).toBe(OPEN_GROUPS);
    expect(body.data.scale).toBe(MARKER_COORDINATE_SCALE);
    const markers = decodeStationMarkers(body.data);
    expect(markers.ids).toHaveLength(OPEN_GROUPS);
    expect(markers.lats).toHaveLength(OPEN_GROUPS);
    expect(markers.lngs).toHaveLength(OPEN_GROUPS);
    // The names come separately, only when the map is zoomed in.
    expect(body.data).not.toHaveProperty('names');
    const shinjuku = markers.ids.indexOf(1130208);
    // At the mean of its platforms (docs/stations.md#one-station-per-name).
    expect(markers.lats[shinjuku]).toBeCloseTo(35.6897, 3);
    expect(markers.lngs[shinjuku]).toBeCloseTo(139.7, 3);
    expect(response.rawPayload.length).toBeLessThanOrEqual(40 * 1024);
  });

  it('gzip stays under 150 kB too, and the ETag gives 304', async () => {
    const response = await get('/api/v2/stations/markers', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThanOrEqual(150 * 1024);
    const etag = response.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    expect(response.headers['cache-control']).toContain('max-age');
    const again = await get('/api/v2/stations/markers', {
      'accept-encoding': 'gzip',
      'if-none-match': String(etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('serves plain JSON to clients without compression', async () => {
    const response = await get('/api/v2/stations/markers');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().data.count).toBe(OPEN_GROUPS);
  });
});

describe('GET /api/v2/stations/markers/names', () => {
  it('names every marker, in the same order, with the ids to match them by', async () => {
    const [markers, response] = await Promise.all([
      get('/api/v2/stations/markers'),
      get('/api/v2/stations/markers/names', { 'accept-encoding': 'br' }),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const { data } = JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString('utf8'));
    expect(data.ids).toEqual(decodeStationMarkers(markers.json().data).ids);
    expect(data.names).toHaveLength(OPEN_GROUPS);
    // 新十津川 (札沼線, closed 2020-04-01) left the map layer; 高輪ゲートウェイ (2020) is on it.
    expect(data.names).not.toContain('新十津川');
    expect(data.names).toContain('高輪ゲートウェイ');
    expect(data.names[data.ids.indexOf(1130208)]).toBe('新宿');
  });

  it("gives 304 for its ETag, which is not the markers' one", async () => {
    const response = await get('/api/v2/stations/markers/names');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(response.headers['cache-control']).toContain('max-age');
    expect((await get('/api/v2/stations/markers')).headers.etag).not.toBe(etag);
    const again = await get('/api/v2/stations/markers/names', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
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
      prefecture: { id: 13, name: '東京都' },
      closed: false,
      closed_on: null,
      postal_code: expect.stringMatching(/^\d{3}-\d{4}$/),
      counts: { posts: 0, want_to_visit: 0, stamps: 0 },
    });
    expect(JSON.stringify(data)).not.toContain('name_en');
    expect(data.address).toContain('東京都新宿区');
    expect(data.lines.map((line: { name: string }) => line.name)).toEqual(
      expect.arrayContaining(['JR山手線', '小田急線', '京王線', '都営大江戸線']),
    );
    expect(data.stations.length).toBeGreaterThanOrEqual(data.lines.length);
    expect(data.stations[0]).toMatchObject({
      line: { id: expect.any(Number), name: expect.any(String) },
    });
  });

  it('lists the Shinkansen lines first (東京: 東海道新幹線, 東北新幹線)', async () => {
    const { data } = (await get('/api/v2/stations/1130101')).json();
    const names = data.lines.map((line: { name: string }) => line.name);
    expect(names.slice(0, 2)).toEqual(['東海道新幹線', '東北新幹線']);
    expect(names).toContain('JR山手線');
    const shinOsaka = (await get('/api/v2/stations/1160213')).json().data;
    expect(shinOsaka.lines.map((line: { name: string }) => line.name)).toEqual(
      expect.arrayContaining(['東海道新幹線', '山陽新幹線']),
    );
  });

  it('shows a closed station as 廃駅 with its closing date', async () => {
    const search = (
      await get(`/api/v2/stations/search?q=${encodeURIComponent('新十津川')}`)
    ).json();
    const item = search.data.items[0];
    expect(item).toMatchObject({ name: '新十津川', closed: true, closed_on: '2020-04-01' });
    const { data } = (await get(`/api/v2/stations/${item.id}`)).json();
    expect(data).toMatchObject({ closed: true, closed_on: '2020-04-01' });
    expect(data.stations[0]).toMatchObject({ closed: true, closed_on: '2020-04-01' });
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
  async function search(q: string) {
    const response = await get(`/api/v2/stations/search?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }

  it('ranks the exact name first, then groups on more lines', async () => {
    const data = await search('新宿');
    expect(data.items[0]).toMatchObject({ name: '新宿', matched_name: '新宿' });
    expect(data.items.length).toBeGreaterThan(3);
    expect(data.items.every((item: { name: string }) => item.name.includes('新宿'))).toBe(true);
  });

  it('finds the stations only the Shinkansen serves, by name, reading and romaji', async () => {
    for (const q of [
      '安中榛名',
      'あんなかはるな',
      'annakaharuna',
      'あんなかは',
      '黒部宇奈月温泉',
    ]) {
      const data = await search(q);
      expect(data.items[0], q).toMatchObject({
        name: q === '黒部宇奈月温泉' ? q : '安中榛名',
        lines: [{ name: '北陸新幹線' }],
      });
    }
  });

  it('finds each name of a transfer group as a station of its own (梅田, 大阪梅田, 東梅田)', async () => {
    for (const q of ['梅田', '大阪梅田', '東梅田', '西梅田', '北新地']) {
      const data = await search(q);
      expect(data.items[0], q).toMatchObject({ name: q, matched_name: q });
    }
    // Another spelling of the same name is the same station, named as the station is.
    expect((await search('市ヶ谷')).items[0]).toMatchObject({
      name: '市ケ谷',
      matched_name: '市ケ谷',
    });
  });

  it('finds by kana reading, whole or partial, and by romaji', async () => {
    for (const q of ['しんじゅく', 'シンジュク', 'しんじゅ', 'shinjuku', 'Shinjuku']) {
      const data = await search(q);
      expect(data.items[0].name, q).toBe('新宿');
    }
    expect((await search('tokyo')).items[0].name).toBe('東京');
    expect((await search('はなてん')).items[0].name).toBe('放出');
    expect((await search('じゅうそう')).items[0].name).toBe('十三');
  });

  it('shows at most two lines per row with the total count', async () => {
    const [shinjuku] = (await search('新宿')).items;
    expect(shinjuku.lines).toHaveLength(2);
    expect(shinjuku.line_count).toBeGreaterThan(10);
  });

  it('ignores a trailing 駅', async () => {
    expect((await search('京都駅')).items[0].name).toBe('京都');
  });

  it('finds lines by name, and a line lists its stations in order', async () => {
    const data = await search('山手線');
    const yamanote = data.lines.find((line: { name: string }) => line.name === 'JR山手線');
    expect(yamanote).toMatchObject({ id: 11302, company_name: 'JR東日本', kind: 'jr' });
    const line = (await get('/api/v2/lines/11302')).json().data;
    const names = line.stations.map((station: { name: string }) => station.name);
    expect(names.length).toBe(30);
    const osaki = names.indexOf('大崎');
    expect(names[osaki + 1]).toBe('五反田');
    expect(names).toContain('高輪ゲートウェイ');
    const missing = await get('/api/v2/lines/1');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('指定された路線は見つかりませんでした。');
  });

  it('treats LIKE wildcards as plain text', async () => {
    const data = await search('%');
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
    expect(data.items[0]).toEqual({ id: 1, name: '北海道' });
    expect(data.items[46].name).toBe('沖縄県');
  });

  it('lists the 北陸新幹線 from 高崎 to 敦賀 in order, 安中榛名 and 黒部宇奈月温泉 included', async () => {
    const { data } = (await get('/api/v2/lines/1009')).json();
    expect(data.name).toBe('北陸新幹線');
    expect(data.stations.map((station: { name: string }) => station.name)).toEqual([
      ...['高崎', '安中榛名', '軽井沢', '佐久平', '上田', '長野', '飯山', '上越妙高', '糸魚川'],
      ...['黒部宇奈月温泉', '富山', '新高岡', '金沢', '小松', '加賀温泉', '芦原温泉', '福井'],
      ...['越前たけふ', '敦賀'],
    ]);
    const annaka = data.stations[1];
    expect(annaka).toMatchObject({ station_group_id: 100902, group_name: '安中榛名' });
    const { data: page } = (await get('/api/v2/stations/100902')).json();
    expect(page).toMatchObject({
      name: '安中榛名',
      prefecture: { id: 10, name: '群馬県' },
      opened_on: '1997-10-01',
      closed: false,
    });
  });

  it('lists the open lines serving a prefecture', async () => {
    const { data } = (await get('/api/v2/lines?prefecture=47')).json();
    expect(data.items.map((line: { name: string }) => line.name)).toEqual(['ゆいレール']);
  });
});

describe('GET /api/v2/map/railways', () => {
  it('returns one MultiLineString per open line with its kind, cacheable', async () => {
    const response = await get('/api/v2/map/railways');
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeDefined();
    const { data } = response.json();
    expect(data.type).toBe('FeatureCollection');
    expect(data.features.length).toBeGreaterThan(580);
    const kinds = new Set(
      data.features.map((f: { properties: { kind: string } }) => f.properties.kind),
    );
    expect([...kinds].sort()).toEqual(['jr', 'private', 'shinkansen', 'subway']);
    const yamanote = data.features.find(
      (f: { properties: { line_id: number } }) => f.properties.line_id === 11302,
    );
    expect(yamanote.geometry.type).toBe('MultiLineString');
    const ring = yamanote.geometry.coordinates[0];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
  });

  it('has an overview of the same lines: their own points rounded, under a third of the bytes', async () => {
    const [full, overview] = await Promise.all([
      get('/api/v2/map/railways', { 'accept-encoding': 'br' }),
      get('/api/v2/map/railways/overview', { 'accept-encoding': 'br' }),
    ]);
    expect(overview.statusCode).toBe(200);
    expect(overview.headers.etag).toBeDefined();
    expect(overview.headers.etag).not.toBe(full.headers.etag);
    expect(overview.rawPayload.length).toBeLessThan(full.rawPayload.length / 3);
    type Collection = {
      features: { id: number; properties: object; geometry: { coordinates: number[][][] } }[];
    };
    const decode = (response: typeof full) =>
      JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString('utf8'))
        .data as Collection;
    const [detailed, simple] = [decode(full), decode(overview)];
    expect(simple.features.map((f) => [f.id, f.properties])).toEqual(
      detailed.features.map((f) => [f.id, f.properties]),
    );
    for (const [index, feature] of simple.features.entries()) {
      const parts = detailed.features[index]!.geometry.coordinates;
      expect(feature.geometry.coordinates).toHaveLength(parts.length);
      for (const [partIndex, part] of feature.geometry.coordinates.entries()) {
        const source = parts[partIndex]!;
        expect(part.length).toBeGreaterThanOrEqual(2);
        expect(part.length).toBeLessThanOrEqual(source.length);
        // Every kept point is a rounded point of the line, and the ends are kept.
        const near = (point: number[], target: number[]) =>
          Math.abs(point[0]! - target[0]!) <= 0.005 && Math.abs(point[1]! - target[1]!) <= 0.005;
        expect(near(part[0]!, source[0]!)).toBe(true);
        expect(near(part.at(-1)!, source.at(-1)!)).toBe(true);
        for (const point of part) expect(source.some((kept) => near(point, kept))).toBe(true);
      }
    }
  });

  it('leaves out express and through chords that skip local stops', async () => {
    const { data } = (await get('/api/v2/map/railways')).json();
    type Feature = { properties: { name: string }; geometry: { coordinates: number[][][] } };
    const place = async (name: string) => {
      const found = (await get(`/api/v2/stations/search?q=${encodeURIComponent(name)}`)).json();
      const item = found.data.items[0];
      return { lat: item.lat as number, lng: item.lng as number };
    };
    const near = (point: number[], target: { lat: number; lng: number }) =>
      haversineMetres({ lat: point[1]!, lng: point[0]! }, target) < 400;
    const chords: [string, string, string][] = [
      ['JR湘南新宿ライン', '新宿', '渋谷'],
      ['JR湘南新宿ライン', '池袋', '新宿'],
      ['JR成田エクスプレス', '東京', '品川'],
      ['上野東京ライン', '上野', '東京'],
      ['JR中央線(快速)', '四ツ谷', '新宿'],
    ];
    for (const [line, from, to] of chords) {
      const [a, b] = [await place(from), await place(to)];
      const feature = data.features.find((f: Feature) => f.properties.name === line) as
        Feature | undefined;
      const hops = (feature?.geometry.coordinates ?? []).flatMap((path) =>
        path.slice(1).map((point, i) => [path[i]!, point] as const),
      );
      const chord = hops.find(([p, q]) => (near(p, a) && near(q, b)) || (near(p, b) && near(q, a)));
      expect(chord, `${line} ${from}–${to}`).toBeUndefined();
    }
    // The local lines still draw those sections.
    const yamanote = data.features.find((f: Feature) => f.properties.name === 'JR山手線');
    expect(yamanote.geometry.coordinates.flat().length).toBeGreaterThan(30);
  });
});
