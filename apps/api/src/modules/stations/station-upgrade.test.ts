import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient } from '../../../test/post-client.js';
import { silentLogger } from '../../../test/silent-logger.js';
import {
  createScratchPostgres,
  queryOnce,
  testConfig,
  testDriver,
} from '../../../test/test-app.js';
import { buildApp } from '../../app.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../../db/database.js';
import * as schema from '../../db/schema/index.js';
import { importEkidataFolder } from './station-import.service.js';

/**
 * An installation of the release of 6db7eeb, where a transfer group was one station, upgraded
 * in place: the new migrations, then the station import that splits each group into one
 * station per name (docs/stations.md#what-an-upgrade-moves). The database is what that release
 * wrote (apps/api/test/fixtures/release-6db7eeb/README.md says how it was made).
 */

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures');
const origin = 'http://localhost:3000';

const OSAKA = 1160214;
const HIGASHI_UMEDA = 9961910;
const NISHI_UMEDA = 9962001;
const AKASAKA_MITSUKE = 2800115;
const NAGATACHO = 2800616;

async function releaseDump(): Promise<string> {
  return gunzipSync(
    await fs.readFile(path.join(fixtures, 'release-6db7eeb/database.sql.gz')),
  ).toString('utf8');
}

/** The release's database on this run's driver, then opened (and so migrated) as a start does. */
async function openReleaseDatabase(): Promise<DatabaseHandle> {
  const dump = await releaseDump();
  if (testDriver === 'postgres') {
    const scratch = await createScratchPostgres('template0');
    await queryOnce(scratch.url, dump);
    const handle = await openPostgres(scratch.url, { onIdleError: () => {} });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await scratch.drop();
      },
    };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-release-'));
  const loader = await PGlite.create({ dataDir });
  await loader.exec(dump);
  await loader.close();
  const handle = await openPglite(dataDir);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('upgrading a database of the release of 6db7eeb (one station per transfer group)', () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;

  beforeAll(async () => {
    database = await openReleaseDatabase();
    await importEkidataFolder(database.db, path.join(fixtures, 'transfer-groups'), silentLogger, {
      version: '2021-03-12',
    });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-test-'));
    app = await buildApp(testConfig({ DATA_DIR: dataDir, PUBLIC_URL: origin }), {
      db: database.db,
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const station = async (id: number) => (await app.inject(`/api/v2/stations/${id}`)).json().data;

  it('keeps every post, want, list item and stamp, and moves only the spots clearly nearer a new station', async () => {
    const { db } = database;
    const posts = await db
      .select({ title: schema.posts.title, stationGroupId: schema.posts.stationGroupId })
      .from(schema.posts)
      .orderBy(asc(schema.posts.title));
    expect(Object.fromEntries(posts.map((post) => [post.title, post.stationGroupId]))).toEqual({
      東梅田の改札前: HIGASHI_UMEDA,
      西梅田の地下道: NISHI_UMEDA,
      大阪駅の時計台: OSAKA,
      永田町の出口: NAGATACHO,
      // As near 赤坂見附 as 永田町: not clearly either, so it stays.
      赤坂見附と永田町のあいだ: AKASAKA_MITSUKE,
      // The station a member chose stays, whatever its text says.
      梅田で集まり: OSAKA,
    });
    const wants = await db.select().from(schema.stationWants);
    expect(wants.map((want) => want.stationGroupId).sort()).toEqual([OSAKA, AKASAKA_MITSUKE]);
    const items = await db.select().from(schema.listItems);
    expect(items.map((item) => item.stationGroupId).sort()).toEqual([OSAKA, AKASAKA_MITSUKE]);
    // A stamp's device position is never kept: nothing says which station it was.
    const stamps = await db.select().from(schema.stamps);
    expect(stamps.map((stamp) => stamp.stationGroupId).sort()).toEqual([OSAKA, AKASAKA_MITSUKE]);
  });

  it('gives 東梅田 its own page, linked under 乗り換え with the others of its group', async () => {
    const higashiUmeda = await station(HIGASHI_UMEDA);
    expect(higashiUmeda).toMatchObject({
      name: '東梅田',
      lat: 34.701031,
      lng: 135.49969,
      lines: [{ name: '大阪メトロ谷町線' }],
      counts: { posts: 1, want_to_visit: 0, stamps: 0 },
    });
    const transfers = higashiUmeda.transfers as { name: string; distance_m: number }[];
    expect(transfers.map((transfer) => transfer.name).sort()).toEqual(
      ['北新地', '大阪', '大阪梅田', '梅田', '西梅田'].sort(),
    );
    expect(transfers.map((transfer) => transfer.distance_m)).toEqual(
      [...transfers.map((transfer) => transfer.distance_m)].sort((a, b) => a - b),
    );
    const osaka = await station(OSAKA);
    expect(osaka.name).toBe('大阪');
    expect(osaka.stations.every((platform: { name: string }) => platform.name === '大阪')).toBe(
      true,
    );
    expect(osaka.counts).toEqual({ posts: 2, want_to_visit: 1, stamps: 1 });
    expect((await station(NAGATACHO)).transfers).toMatchObject([{ name: '赤坂見附' }]);
  });

  it("sends a platform's id on to its station (308, and 301 for the page)", async () => {
    // 3400201 is 大阪梅田's platform of the 阪急神戸本線; the station takes its lowest code.
    const api = await app.inject('/api/v2/stations/3400201');
    expect(api.statusCode).toBe(308);
    expect(api.headers.location).toBe('/api/v2/stations/3400101');
    expect((await station(3400101)).name).toBe('大阪梅田');
  });

  it("stamps a check-in on 東梅田's platforms as 東梅田's", async () => {
    const accounts = createAuthClient({ app, db: database.db }, origin);
    const client = createPostClient({ app, db: database.db }, origin);
    const member = await accounts.insertMemberAndLogIn('new@example.com');
    const response = await client.json('POST', `/stations/${HIGASHI_UMEDA}/stamp`, member, {
      lat: 34.70103,
      lng: 135.49969,
      accuracy_m: 20,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await station(HIGASHI_UMEDA)).counts.stamps).toBe(1);
  });

  it('signs in the members the release registered', async () => {
    const accounts = createAuthClient({ app, db: database.db }, origin);
    const login = await accounts.post('/login', {
      email: 'alice@example.com',
      password: 'correct horse battery',
    });
    expect(login.statusCode).toBe(200);
  });
});
