import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, stationGroupIdOf, type TestAuth } from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { stationGroups, stations, users } from '../../db/schema/index.js';
import { haversineMetres } from '../../lib/geo.js';
import { inkColour } from './stamp-image.js';

/** Check-in rules, the stamp lists and the completion summary (docs/stamps.md). */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let accounts: ReturnType<typeof createAuthClient>;
const origin = 'http://localhost:3000';
/** The controllable clock the app decides check-ins by. */
let now = new Date('2026-11-23T03:00:00Z');

interface Member extends TestAuth {
  id: string;
}
let tokyo: number;
let shinjuku: number;
let shinOsaka: number;
let closedGroup: number;

const METRES_PER_DEGREE_LAT = (6_371_008.8 * Math.PI) / 180;

async function newMember(email: string, name: string): Promise<Member> {
  const { token } = await accounts.insertMemberAndLogIn(email);
  const [row] = await ctx.db
    .update(users)
    .set({ name })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return { id: row!.id, token };
}

/** Every point a check-in is measured to: the group's centre and its open stations. */
async function pointsOf(groupId: number) {
  const [group] = await ctx.db
    .select({ lat: stationGroups.lat, lng: stationGroups.lng })
    .from(stationGroups)
    .where(eq(stationGroups.id, groupId));
  const members = await ctx.db
    .select({ lat: stations.lat, lng: stations.lng })
    .from(stations)
    .where(and(eq(stations.groupId, groupId), eq(stations.closed, false)));
  return [group!, ...members];
}

/** A point due north of the group's northernmost point: its distance to the group is exact. */
async function northOf(groupId: number, metres: number) {
  const points = await pointsOf(groupId);
  const top = points.reduce((a, b) => (b.lat > a.lat ? b : a));
  return { lat: top.lat + metres / METRES_PER_DEGREE_LAT, lng: top.lng };
}

async function centreOf(groupId: number) {
  const [group] = await pointsOf(groupId);
  return group!;
}

const stamp = (auth: TestAuth, groupId: number, body: object) =>
  client.json('POST', `/stations/${groupId}/stamp`, auth, body);

async function stampAt(auth: TestAuth, groupId: number, accuracy = 20) {
  const centre = await centreOf(groupId);
  return stamp(auth, groupId, { lat: centre.lat, lng: centre.lng, accuracy_m: accuracy });
}

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin }, { clock: () => now });
  client = createPostClient(ctx, origin);
  accounts = createAuthClient(ctx, origin);
  tokyo = await stationGroupIdOf(ctx.db, '東京', 13);
  shinjuku = await stationGroupIdOf(ctx.db, '新宿', 13);
  shinOsaka = await stationGroupIdOf(ctx.db, '新大阪', 27);
  const [closed] = await ctx.db
    .select({ id: stationGroups.id })
    .from(stationGroups)
    .where(eq(stationGroups.closed, true))
    .limit(1);
  closedGroup = closed!.id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('check-in', () => {
  it('accepts a position 500 m from the station and refuses one just past it', async () => {
    const member = await newMember('boundary@example.jp', '境界');
    const far = await northOf(tokyo, 500.5);
    const refused = await stamp(member, tokyo, { ...far, accuracy_m: 10 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      '駅から約501m離れています。駅の500m以内でスタンプを押してください。',
    );
    expect(refused.json().errors.lat).toEqual([refused.json().message]);

    const near = await northOf(tokyo, 499.5);
    const accepted = await stamp(member, tokyo, { ...near, accuracy_m: 10 });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().message).toBe('スタンプを押しました。');
    expect(accepted.json().data).toMatchObject({
      station: { id: tokyo, name: '東京', prefecture_name: '東京都' },
      collected_on: '2026-11-23',
      collected_at: now.toISOString(),
      distance_bucket: 4,
      stamp_count: 1,
      my_stamp_count: 1,
    });
  });

  it('refuses a position known less precisely than 200 m, and accepts exactly 200 m', async () => {
    const member = await newMember('accuracy@example.jp', '精度');
    const refused = await stampAt(member, shinjuku, 200.5);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.accuracy_m[0]).toContain('現在地の精度が低すぎます');
    expect((await stampAt(member, shinjuku, 200)).statusCode).toBe(201);
  });

  it("counts the member's stamps in the answer (「2駅目」)", async () => {
    const member = await newMember('count@example.jp', '数える人');
    expect((await stampAt(member, tokyo)).json().data.my_stamp_count).toBe(1);
    now = new Date(now.getTime() + 3_600_000);
    expect((await stampAt(member, shinjuku)).json().data.my_stamp_count).toBe(2);
  });

  it('answers 409 for a second stamp of the same station', async () => {
    const member = await newMember('twice@example.jp', '二度');
    expect((await stampAt(member, tokyo)).statusCode).toBe(201);
    const again = await stampAt(member, tokyo);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('この駅のスタンプはすでに押しています');
  });

  it('stamps a station only the Shinkansen serves, inked in the Shinkansen blue', async () => {
    const member = await newMember('annaka@example.jp', '安中');
    const annakaHaruna = await stationGroupIdOf(ctx.db, '安中榛名', 10);
    const accepted = await stampAt(member, annakaHaruna);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data.station).toMatchObject({
      id: annakaHaruna,
      name: '安中榛名',
      prefecture_name: '群馬県',
    });
    const svg = await ctx.app.inject(`/api/v2/stations/${annakaHaruna}/stamp.svg`);
    expect(svg.body).toContain('北陸新幹線');
    // The hue of #2b4a7a, darkened as every stamp's ink is (stamp-image.ts).
    expect(svg.body).toContain(inkColour({ lineColor: '#2b4a7a', prefectureId: 10 }));
  });

  it('refuses a trip faster than 350 km/h since the previous stamp', async () => {
    const member = await newMember('speed@example.jp', '速さ');
    now = new Date('2026-11-23T03:00:00Z');
    expect((await stampAt(member, tokyo)).statusCode).toBe(201);
    const km = haversineMetres(await centreOf(tokyo), await centreOf(shinOsaka)) / 1000;
    const hoursAt350 = km / 350;

    now = new Date(Date.parse('2026-11-23T03:00:00Z') + hoursAt350 * 0.98 * 3_600_000);
    const tooFast = await stampAt(member, shinOsaka);
    expect(tooFast.statusCode).toBe(422);
    expect(tooFast.json().message).toMatch(/^前回のスタンプからの移動が速すぎます（時速約35\dkm）/);

    now = new Date(Date.parse('2026-11-23T03:00:00Z') + hoursAt350 * 1.02 * 3_600_000);
    expect((await stampAt(member, shinOsaka)).statusCode).toBe(201);
    now = new Date('2026-11-23T03:00:00Z');
  });

  it('dates a queued check-in when it was measured and applies the rules to that time', async () => {
    const member = await newMember('queued@example.jp', '後から送信');
    const base = Date.parse('2026-11-23T12:00:00Z');
    now = new Date(base);
    const centre = await centreOf(tokyo);
    const measuredAt = new Date(base - 3 * 3_600_000).toISOString();
    const queued = await stamp(member, tokyo, {
      ...centre,
      accuracy_m: 20,
      measured_at: measuredAt,
    });
    expect(queued.statusCode).toBe(201);
    expect(queued.json().data.collected_at).toBe(measuredAt);

    // A later stamp 新大阪 at base, then a queued one at 新宿 measured 10 minutes before it: the
    // trip from 新宿 to 新大阪 in 10 minutes is refused though 東京 → 新宿 alone would pass.
    const km = haversineMetres(centre, await centreOf(shinOsaka)) / 1000;
    now = new Date(base - 3 * 3_600_000 + (km / 350) * 1.05 * 3_600_000);
    expect((await stampAt(member, shinOsaka)).statusCode).toBe(201);
    const later = now.getTime();
    now = new Date(later + 60_000);
    const tooFast = await stamp(member, shinjuku, {
      ...(await centreOf(shinjuku)),
      accuracy_m: 20,
      measured_at: new Date(later - 10 * 60_000).toISOString(),
    });
    expect(tooFast.statusCode).toBe(422);
    expect(tooFast.json().message).toMatch(/^前回のスタンプからの移動が速すぎます/);
    now = new Date('2026-11-23T03:00:00Z');
  });

  it('refuses a queued check-in measured more than 24 h ago or in the future', async () => {
    const member = await newMember('stale@example.jp', '古い位置');
    const centre = await centreOf(tokyo);
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
    const old = await stamp(member, tokyo, {
      ...centre,
      accuracy_m: 20,
      measured_at: at(-(24 * 3_600_000 + 60_000)),
    });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors).toEqual({
      measured_at: [
        '位置を測ってから24時間以上たったため、このスタンプは押せませんでした。駅でもう一度お試しください。',
      ],
    });
    const future = await stamp(member, tokyo, {
      ...centre,
      accuracy_m: 20,
      measured_at: at(10 * 60_000),
    });
    expect(future.statusCode).toBe(422);
    expect(Object.keys(future.json().errors)).toEqual(['measured_at']);
    const malformed = await stamp(member, tokyo, {
      ...centre,
      accuracy_m: 20,
      measured_at: '昨日',
    });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)).toEqual(['measured_at']);
    // A clock a minute ahead is a drifting clock: the stamp is dated now.
    const ahead = await stamp(member, tokyo, {
      ...centre,
      accuracy_m: 20,
      measured_at: at(60_000),
    });
    expect(ahead.statusCode).toBe(201);
    expect(ahead.json().data.collected_at).toBe(now.toISOString());
  });

  it('answers a retried check-in with its first answer, not 409', async () => {
    const member = await newMember('retry@example.jp', '再送');
    const centre = await centreOf(tokyo);
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v2/stations/${tokyo}/stamp`,
        headers: {
          origin,
          authorization: `Bearer ${member.token}`,
          'idempotency-key': 'stamp-retry-1',
        },
        payload: { ...centre, accuracy_m: 20 },
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('refuses visitors, closed stations, unknown stations and malformed bodies', async () => {
    expect((await stamp({}, tokyo, { lat: 35.68, lng: 139.76, accuracy_m: 5 })).statusCode).toBe(
      401,
    );
    const member = await newMember('misc@example.jp', 'いろいろ');
    const closed = await stampAt(member, closedGroup);
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe('廃駅ではスタンプを押せません。');
    expect(
      (await stamp(member, 999_999_999, { lat: 35.68, lng: 139.76, accuracy_m: 5 })).statusCode,
    ).toBe(404);
    const bad = await stamp(member, tokyo, { lat: 'x', lng: 139.76 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['accuracy_m', 'lat']);
  });

  it('refuses a member who has left the service', async () => {
    const email = 'left@example.jp';
    const { token } = await accounts.insertMemberAndLogIn(email);
    const left = await accounts.post(
      '/delete',
      { password: 'correct horse battery' },
      { authorization: `Bearer ${token}` },
    );
    expect(left.statusCode).toBe(200);
    expect((await stampAt({ token }, tokyo)).statusCode).toBe(401);
  });

  it('stores no coordinates: only member, station, time, the distance band and whether it is 記録のみ', async () => {
    const member = await newMember('privacy@example.jp', '秘密');
    const near = await northOf(shinjuku, 123.4);
    expect((await stamp(member, shinjuku, { ...near, accuracy_m: 17.5 })).statusCode).toBe(201);
    const result = await ctx.db.execute(
      sql`select * from stamps where user_id = ${member.id}::uuid`,
    );
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'collected_at',
      'distance_bucket',
      'id',
      'record_only',
      'station_group_id',
      'user_id',
    ]);
    expect(rows[0]!.distance_bucket).toBe(1);
    expect(rows[0]!.record_only).toBe(false);
    const text = JSON.stringify(rows[0]);
    expect(text).not.toContain(String(near.lat).slice(0, 7));
    expect(text).not.toContain('17.5');
  });
});

describe('stamp lists and the summary', () => {
  let owner: Member;
  let other: Member;

  beforeAll(async () => {
    owner = await newMember('book@example.jp', '手帳');
    other = await newMember('viewer@example.jp', '見る人');
    now = new Date('2026-11-22T14:59:00Z'); // Sunday 23:59 in Japan
    expect((await stampAt(owner, tokyo)).statusCode).toBe(201);
    now = new Date('2026-11-22T15:30:00Z'); // Monday 00:30 in Japan
    expect((await stampAt(owner, shinjuku)).statusCode).toBe(201);
  });

  it('lists stamps newest first, with the exact time for the owner only', async () => {
    const mine = (await client.json('GET', `/users/${owner.id}/stamps`, owner)).json().data;
    expect(mine.items.map((item: { station: { id: number } }) => item.station.id)).toEqual([
      shinjuku,
      tokyo,
    ]);
    expect(mine.items[0]).toMatchObject({
      collected_on: '2026-11-23',
      collected_at: '2026-11-22T15:30:00.000Z',
    });
    expect(mine.items[1].collected_on).toBe('2026-11-22');
    const theirs = (await client.json('GET', `/users/${owner.id}/stamps`, other)).json().data;
    expect(theirs.items.map((item: { collected_at: string | null }) => item.collected_at)).toEqual([
      null,
      null,
    ]);
    expect(theirs.items[0].collected_on).toBe('2026-11-23');
  });

  it('counts stamps per prefecture and per line against the open stations', async () => {
    const response = await client.json('GET', `/users/${owner.id}/stamps/summary`);
    expect(response.statusCode).toBe(200);
    const summary = response.json().data;
    expect(summary.stamped).toBe(2);
    expect(summary.prefectures).toHaveLength(47);
    const [openInTokyo] = await ctx.db
      .select({ value: sql<number>`count(*)`.mapWith(Number) })
      .from(stationGroups)
      .where(and(eq(stationGroups.prefectureId, 13), eq(stationGroups.closed, false)));
    expect(summary.prefectures.find((p: { id: number }) => p.id === 13)).toEqual({
      id: 13,
      name: '東京都',
      stamped: 2,
      total: openInTokyo!.value,
    });
    expect(summary.prefectures.find((p: { id: number }) => p.id === 27).stamped).toBe(0);
    const yamanote = summary.lines.find((line: { name: string }) => line.name === 'JR山手線');
    expect(yamanote).toMatchObject({ stamped: 2, total: 30 });
    expect(summary.total).toBeGreaterThan(8000);
  });

  it('shows the station page its count and whether the viewer has the stamp', async () => {
    const mine = (await client.json('GET', `/stations/${shinjuku}/stamp`, owner)).json().data;
    expect(mine).toMatchObject({ stamped_by_me: true, collected_on: '2026-11-23' });
    const visitor = (await client.json('GET', `/stations/${shinjuku}/stamp`)).json().data;
    expect(visitor.stamped_by_me).toBe(false);
    expect(visitor.stamp_count).toBe(mine.stamp_count);
    const station = (await client.json('GET', `/stations/${shinjuku}`)).json().data;
    expect(station.counts.stamps).toBe(mine.stamp_count);
  });

  it('answers 404 for the summary of an unknown member', async () => {
    const response = await client.json(
      'GET',
      '/users/0190a000-0000-7000-8000-000000000000/stamps/summary',
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('the stamp image', () => {
  it('serves the SVG, PNG and WebP with an ETag, and 304 when it matches', async () => {
    const svg = await ctx.app.inject(`/api/v2/stations/${tokyo}/stamp.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toContain('東京駅のスタンプ');
    const again = await ctx.app.inject({
      url: `/api/v2/stations/${tokyo}/stamp.svg`,
      headers: { 'if-none-match': String(svg.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const png = await ctx.app.inject(`/api/v2/stations/${tokyo}/stamp.png?size=96`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const webp = await ctx.app.inject(`/api/v2/stations/${tokyo}/stamp.webp?size=512`);
    expect(webp.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const badSize = await ctx.app.inject(`/api/v2/stations/${tokyo}/stamp.png?size=100`);
    expect(badSize.statusCode).toBe(422);
    expect((await ctx.app.inject('/api/v2/stations/999999999/stamp.svg')).statusCode).toBe(404);
  });
});
