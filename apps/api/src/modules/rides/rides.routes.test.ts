import zlib from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, stationGroupIdOf, type TestAuth } from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { rides, stations } from '../../db/schema/index.js';
import { haversineMetres } from '../../lib/geo.js';

/** Rides and 乗りつぶし through HTTP on the bundled station data (docs/rides.md). */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
const origin = 'http://localhost:3000';
const now = new Date('2026-11-23T03:00:00Z');

const TOKAIDO_SHINKANSEN = 1002;
const YAMANOTE = 11302;
const MARUNOUCHI = 28002;

let alice: TestAuth & { id: string };
let bob: TestAuth & { id: string };
const id: Record<string, number> = {};

interface RideData {
  id: string;
  stations: { id: number; name: string }[];
  section_count: number;
  distance_m: number;
  public: boolean;
}

const names = (ride: RideData) => ride.stations.map((station) => station.name);

async function record(auth: TestAuth, legs: object[], extra: object = {}) {
  return client.json('POST', '/rides', auth, { ridden_on: '2026-11-20', legs, ...extra });
}

async function recorded(auth: TestAuth, legs: object[], extra: object = {}): Promise<RideData[]> {
  const response = await record(auth, legs, extra);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.rides;
}

const leg = (line_id: number, from: string, to: string, more: object = {}) => ({
  line_id,
  from_station_id: id[from],
  to_station_id: id[to],
  ...more,
});

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin }, { clock: () => now });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  for (const [name, pref] of [
    ['東京', 13],
    ['品川', 13],
    ['田町', 13],
    ['新横浜', 14],
    ['名古屋', 23],
    ['新大阪', 27],
    ['大阪', 27],
    ['新宿', 13],
    ['方南町', 13],
  ] as const) {
    id[name] = await stationGroupIdOf(ctx.db, name, pref);
  }
  const member = async (email: string) => {
    const { token } = await accounts.insertMemberAndLogIn(email);
    const me = await client.json('GET', '/auth/me', { token });
    return { token, id: me.json().data.id as string };
  };
  alice = await member('rides-alice@example.com');
  bob = await member('rides-bob@example.com');
});

afterAll(async () => {
  await ctx?.close();
});

describe('sections along the line', () => {
  it('東京→新大阪 on the 東海道新幹線 covers its sections, its length the sum station to station', async () => {
    const [ride] = await recorded(alice, [leg(TOKAIDO_SHINKANSEN, '東京', '新大阪')]);
    const line = await ctx.db
      .select({ lat: stations.lat, lng: stations.lng })
      .from(stations)
      .where(eq(stations.lineId, TOKAIDO_SHINKANSEN))
      .orderBy(asc(stations.seq));
    expect(names(ride!)[0]).toBe('東京');
    expect(names(ride!).at(-1)).toBe('新大阪');
    expect(names(ride!)).toContain('名古屋');
    expect(ride!.section_count).toBe(line.length - 1);
    let sum = 0;
    for (let i = 1; i < line.length; i += 1) sum += haversineMetres(line[i - 1]!, line[i]!);
    expect(Math.abs(ride!.distance_m - sum) / sum).toBeLessThan(0.03);
    // About 500 km station to station (営業キロ 552.6 km).
    expect(ride!.distance_m).toBeGreaterThan(450_000);
    expect(ride!.distance_m).toBeLessThan(560_000);
    await client.json('DELETE', `/rides/${ride!.id}`, alice);
  });

  it('山手線 品川→田町 goes the short way, and the long way round when asked', async () => {
    const [short] = await recorded(alice, [leg(YAMANOTE, '品川', '田町')]);
    expect(names(short!)).toEqual(['品川', '高輪ゲートウェイ', '田町']);
    const [long] = await recorded(alice, [leg(YAMANOTE, '品川', '田町', { way: 'long' })]);
    expect(names(long!)[1]).toBe('大崎');
    expect(names(long!)).toContain('新宿');
    expect(names(long!)).toContain('東京');
    expect(names(long!)).not.toContain('高輪ゲートウェイ');
    expect(short!.section_count + long!.section_count).toBe(30);
    const summary = (await client.json('GET', '/me/rides/summary', alice)).json().data;
    const yamanote = summary.lines.find((line: { id: number }) => line.id === YAMANOTE);
    expect(yamanote).toMatchObject({ ridden_sections: 30, total_sections: 30 });
    expect(yamanote.completed_on).toBe('2026-11-20');
    for (const ride of [short!, long!]) await client.json('DELETE', `/rides/${ride.id}`, alice);
  });

  it('a ride onto a branch follows the branch (丸ノ内線 新宿→方南町 through 中野坂上)', async () => {
    const [ride] = await recorded(alice, [leg(MARUNOUCHI, '新宿', '方南町')]);
    expect(names(ride!)).toEqual([
      '新宿',
      '西新宿',
      '中野坂上',
      '中野新橋',
      '中野富士見町',
      '方南町',
    ]);
    await client.json('DELETE', `/rides/${ride!.id}`, alice);
  });

  it('stations not on the named line are a 422 with a Japanese field error, and nothing is written', async () => {
    const response = await record(alice, [
      leg(YAMANOTE, '品川', '田町'),
      leg(TOKAIDO_SHINKANSEN, '東京', '大阪'),
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['legs.1.to_station_id']).toEqual([
      '大阪は東海道新幹線の駅ではありません。',
    ]);
    expect(await ctx.db.select().from(rides).where(eq(rides.userId, alice.id))).toEqual([]);
  });

  it('two rides over the same sections count them once', async () => {
    await recorded(alice, [leg(TOKAIDO_SHINKANSEN, '東京', '新横浜')]);
    await recorded(alice, [leg(TOKAIDO_SHINKANSEN, '品川', '名古屋')]);
    const summary = (await client.json('GET', '/me/rides/summary', alice)).json().data;
    const line = summary.lines.find((item: { id: number }) => item.id === TOKAIDO_SHINKANSEN);
    // 東京–品川–新横浜–小田原–熱海–三島–新富士–静岡–掛川–浜松–豊橋–三河安城–名古屋.
    expect(line.ridden_sections).toBe(12);
    expect(line.completed_on).toBeNull();
    expect(summary.ride_count).toBe(2);
    expect(summary.distance_m).toBeGreaterThan(summary.ridden_m);
    const sections = (
      await client.json('GET', `/me/rides/lines/${TOKAIDO_SHINKANSEN}`, alice)
    ).json().data;
    expect(sections.sections).toHaveLength(12);
    expect(sections.sections[0]).toEqual([id['東京'], id['品川']]);
  });
});

describe('journeys, privacy and the offline queue', () => {
  it('a journey with two transfers is recorded in one call, in order, sharing a journey id', async () => {
    const response = await record(bob, [
      leg(MARUNOUCHI, '方南町', '新宿'),
      leg(YAMANOTE, '新宿', '品川'),
      leg(TOKAIDO_SHINKANSEN, '品川', '新大阪'),
    ]);
    expect(response.statusCode).toBe(201);
    const journey = response.json().data;
    expect(journey.rides.map((ride: { leg: number }) => ride.leg)).toEqual([0, 1, 2]);
    expect(new Set(journey.rides.map((ride: { journey_id: string }) => ride.journey_id)).size).toBe(
      1,
    );
    expect(journey.rides.every((ride: RideData) => !ride.public)).toBe(true);
  });

  it('a private ride is 404 to everyone else and never counts in their view of the totals', async () => {
    const [secret] = await recorded(alice, [leg(YAMANOTE, '品川', '田町')]);
    const [shown] = await recorded(alice, [leg(MARUNOUCHI, '新宿', '方南町')], { public: true });
    expect((await client.json('GET', `/rides/${secret!.id}`, bob)).statusCode).toBe(404);
    expect((await client.json('GET', `/rides/${secret!.id}`)).statusCode).toBe(404);
    expect((await client.json('GET', `/rides/${secret!.id}`, alice)).statusCode).toBe(200);
    expect((await client.json('GET', `/rides/${shown!.id}`, bob)).statusCode).toBe(200);
    expect((await client.json('PATCH', `/rides/${shown!.id}`, bob, { note: 'x' })).statusCode).toBe(
      404,
    );
    expect((await client.json('DELETE', `/rides/${secret!.id}`, bob)).statusCode).toBe(404);

    const hidden = (await client.json('GET', `/users/${alice.id}/rides/summary`, bob)).json().data;
    expect(hidden).toMatchObject({ hidden: 'private', ride_count: 0, ridden_sections: 0 });
    await client.json('PUT', '/me/rides/settings', alice, { totals_public: true });
    const open = (await client.json('GET', `/users/${alice.id}/rides/summary`, bob)).json().data;
    expect(open.hidden).toBeNull();
    expect(open.ride_count).toBe(1);
    expect(open.lines.map((line: { id: number }) => line.id)).toEqual([MARUNOUCHI]);
    const own = (await client.json('GET', `/users/${alice.id}/rides/summary`, alice)).json().data;
    expect(own.ride_count).toBeGreaterThan(1);
  });

  it('new rides are public when the member made that the default', async () => {
    await client.json('PUT', '/me/rides/settings', bob, { public_by_default: true });
    const [ride] = await recorded(bob, [leg(YAMANOTE, '品川', '田町')]);
    expect(ride!.public).toBe(true);
    const [kept] = await recorded(bob, [leg(YAMANOTE, '品川', '田町')], { public: false });
    expect(kept!.public).toBe(false);
  });

  it('a journey sent twice with one Idempotency-Key is recorded once', async () => {
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/rides',
        headers: {
          origin,
          authorization: `Bearer ${bob.token}`,
          'idempotency-key': 'ride-offline-1',
          // A journey's answer is over 1 kB: compressed for the client, kept as it was before.
          'accept-encoding': 'br',
        },
        payload: {
          ridden_on: '2026-11-21',
          legs: [leg(MARUNOUCHI, '方南町', '新宿'), leg(YAMANOTE, '新宿', '東京')],
        },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['content-encoding']).toBe('br');
    const decoded = (answer: typeof first) =>
      JSON.parse(zlib.brotliDecompressSync(answer.rawPayload).toString());
    expect(decoded(second).data.rides[0].id).toBe(decoded(first).data.rides[0].id);
    const rows = await ctx.db.select().from(rides).where(eq(rides.riddenOn, '2026-11-21'));
    expect(rows).toHaveLength(2);
  });

  it('refuses a future date and the other way round on a line without one', async () => {
    const future = await record(bob, [leg(YAMANOTE, '品川', '田町')], { ridden_on: '2026-12-01' });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.ridden_on).toEqual(['未来の日付は指定できません。']);
    const noLoop = await record(bob, [leg(TOKAIDO_SHINKANSEN, '東京', '品川', { way: 'long' })]);
    expect(noLoop.statusCode).toBe(422);
  });
});

describe('the 乗車距離 board', () => {
  it('counts public rides only, in whole km, with its formula', async () => {
    const mine = (await client.json('GET', '/rides?limit=100', alice)).json().data
      .items as RideData[];
    const shown = mine.filter((ride) => ride.public);
    expect(shown.length).toBeGreaterThan(0);
    expect(mine.length).toBeGreaterThan(shown.length);
    const expected = Math.floor(shown.reduce((sum, ride) => sum + ride.distance_m, 0) / 1000);
    const board = (await client.json('GET', '/rankings/distance?period=all')).json().data;
    expect(board.formula).toContain('公開');
    const row = board.items.find((item: { user: { id: string } }) => item.user.id === alice.id);
    expect(row.score).toBe(expected);
    const own = (await client.json('GET', '/rankings/distance?period=all', alice)).json().data;
    expect(own.me.score).toBe(expected);
  });
});

describe('CSV and GeoJSON', () => {
  it('imports the rows that match and reports each other row in Japanese', async () => {
    const csv = [
      'date,line,from,to,note',
      '2024-03-05,JR山手線,品川,田町,朝',
      '2024/3/6,東海道新幹線,東京,大阪,',
      '2024-03-07,存在しない線,東京,品川,',
      'きのう,JR山手線,品川,田町,',
    ].join('\n');
    const response = await client.json('POST', '/me/rides/import', bob, { csv });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result.imported).toBe(1);
    expect(result.errors).toEqual([
      { row: 3, message: '「大阪」は東海道新幹線の駅として見つかりません。' },
      { row: 4, message: '路線「存在しない線」が見つかりません。' },
      { row: 5, message: '日付「きのう」を読み取れません（例: 2024-03-05）。' },
    ]);
    const exported = await client.json('GET', '/me/rides/export?format=csv', bob);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body).toContain('2024-03-05,JR山手線,品川,田町,朝');
    const geojson = await client.json('GET', '/me/rides/export?format=geojson', bob);
    const features = JSON.parse(geojson.body).features;
    expect(features.map((feature: { id: number }) => feature.id).sort()).toEqual(
      [TOKAIDO_SHINKANSEN, YAMANOTE, MARUNOUCHI].sort(),
    );
  });
});
