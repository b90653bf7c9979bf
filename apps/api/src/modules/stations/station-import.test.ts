import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { decodeStationMarkers, isInJapan } from '@ekispot/shared';
import { count, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../../test/test-app.js';
import { silentLogger } from '../../../test/silent-logger.js';
import { buildApp } from '../../app.js';
import { migrationsFolder, type Database } from '../../db/database.js';
import * as schema from '../../db/schema/index.js';
import { createLocalImageStorage } from '../images/image-storage.js';
import { readEkidataFolder } from './bundled-station-data.js';
import { EkidataFormatError, readEkidataCsv } from './ekidata.source.js';
import {
  BUNDLED_STATION_DATA,
  ensureStationData,
  IMPORTER_REVISION,
  importEkidataFolder,
  stationDataSourceOf,
} from './station-import.service.js';

const fixtureDir = path.resolve(import.meta.dirname, '../../../test/fixtures/ekidata-2021');
const fixtureShinkansen = path.join(fixtureDir, 'shinkansen.csv');

describe('bundled station data (2021-03-12 with the Shinkansen table)', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('is imported once: a second start finds it recorded and skips', async () => {
    const result = await ensureStationData(handle.db, silentLogger);
    expect(result).toMatchObject({ skipped: true, groups: 9341, stations: 10993 });
  });

  it('holds the 2021 stations, lines and closings, inside the area that counts as Japan', async () => {
    const groups = await handle.db
      .select({
        name: schema.stationGroups.name,
        lat: schema.stationGroups.lat,
        lng: schema.stationGroups.lng,
        closed: schema.stationGroups.closed,
      })
      .from(schema.stationGroups);
    // One station per name of the free data's 8,804 open groups, and the 20 stations only the
    // Shinkansen serves (docs/stations.md#how-many-stations).
    expect(groups.filter((group) => !group.closed)).toHaveLength(9025);
    expect(groups.filter((group) => !isInJapan(group.lat, group.lng))).toEqual([]);
    const names = new Set(groups.filter((group) => !group.closed).map((group) => group.name));
    for (const name of [
      '高輪ゲートウェイ',
      '羽沢横浜国大',
      'JR総持寺',
      '南町田グランベリーパーク',
    ]) {
      expect(names.has(name), name).toBe(true);
    }
    expect(names.has('仲木戸')).toBe(false);
    const [line] = await handle.db
      .select({ name: schema.lines.name })
      .from(schema.lines)
      .where(sql`${schema.lines.name} like '大阪メトロ御堂筋線%'`);
    expect(line?.name).toBe('大阪メトロ御堂筋線');
  });
});

describe('ekidata CSV reader', () => {
  it('reads companies, lines with kinds and colours, closings, joins and the Shinkansen table', async () => {
    const { files, dataDate } = await readEkidataFolder(fixtureDir, fixtureShinkansen);
    expect(dataDate).toBe('2021-03-12');
    const dataset = readEkidataCsv(files);
    expect(dataset.lines.find((line) => line.id === 11302)).toMatchObject({
      name: 'JR山手線',
      nameKana: 'ヤマノテセン',
      companyId: 2,
      kind: 'jr',
      color: '',
      closed: false,
    });
    // 中央新幹線 is not open yet (e_status 1): left out.
    expect(dataset.lines.some((line) => line.id === 1001)).toBe(false);
    expect(dataset.stations.find((station) => station.id === 1111230)).toMatchObject({
      name: '新十津川',
      closed: true,
      closedOn: '2020-04-01',
    });
    expect(dataset.groups.find((group) => group.id === 1111230)).toMatchObject({
      closed: true,
      closedOn: '2020-04-01',
    });
    // Shinkansen stations join their groups (東京, 上野); 大宮 is not in this fixture. 白石蔵王,
    // which only the Shinkansen serves, is a group of its own at its listed position.
    const tohoku = dataset.stations.filter((station) => station.lineId === 1004);
    expect(tohoku.map((station) => [station.groupId, station.name])).toEqual([
      [1130101, '東京'],
      [1130220, '上野'],
      [100404, '白石蔵王'],
    ]);
    expect(dataset.groups.find((group) => group.id === 100404)).toEqual({
      id: 100404,
      transferGroupId: 100404,
      name: '白石蔵王',
      prefectureId: 4,
      address: '',
      postalCode: '',
      lat: 37.994773,
      lng: 140.632789,
      closed: false,
      closedOn: null,
      openedOn: '1982-06-23',
    });
    expect(dataset.readings).toEqual({ 白石蔵王: ['しろいしざおう'] });
    // Uncoloured in the data, the Shinkansen lines take the map's Shinkansen blue (stamps too).
    expect(dataset.lines.find((line) => line.id === 1004)?.color).toBe('#2b4a7a');
    expect(dataset.links).toContainEqual({
      lineId: 1004,
      fromStationId: tohoku[0]!.id,
      toStationId: tohoku[1]!.id,
    });
    expect(dataset.links).toContainEqual({
      lineId: 1004,
      fromStationId: tohoku[1]!.id,
      toStationId: 100404,
    });
    expect(dataset.links).toContainEqual({
      lineId: 11302,
      fromStationId: 1130228,
      toStationId: 1130230,
    });
  });

  it('takes the date of a configured download (STATION_IMPORT_DIR) from its file names, and refuses a folder without one', async () => {
    expect(await stationDataSourceOf(undefined)).toBe(BUNDLED_STATION_DATA);
    expect(await stationDataSourceOf(fixtureDir)).toEqual({
      dir: fixtureDir,
      dataDate: '2021-03-12',
    });
    const undated = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-ekidata-'));
    try {
      await fs.writeFile(path.join(undated, 'station.csv'), 'station_cd\n');
      await expect(stationDataSourceOf(undated)).rejects.toThrow(/^STATION_IMPORT_DIR: /);
      await expect(stationDataSourceOf(path.join(undated, 'missing'))).rejects.toThrow(
        /^STATION_IMPORT_DIR: /,
      );
    } finally {
      await fs.rm(undated, { recursive: true, force: true });
    }
  });

  it('names the file and row of malformed input', () => {
    const input = {
      lineCsv: 'line_cd,line_name\n11302,JR山手線\n',
      stationCsv:
        'station_cd,station_g_cd,station_name,line_cd,pref_cd,lon,lat\n1,1,駅,11302,99,139,35\n',
    };
    expect(() => readEkidataCsv(input)).toThrow(EkidataFormatError);
    expect(() => readEkidataCsv(input)).toThrow(/station CSV: row 2: pref_cd/);
  });
});

/**
 * A database as the previous version left it: the schema before migration 0002 and station
 * rows as the 2017 `japan-train-data` import wrote them (English names included), with a
 * member's posts and wants on stations that the 2021 data renames, closes or no longer lists.
 */
async function createPreviousVersionDatabase(): Promise<{ client: PGlite; db: Database }> {
  const oldMigrations = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-old-migrations-'));
  await fs.cp(migrationsFolder, oldMigrations, { recursive: true });
  const journalPath = path.join(oldMigrations, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.tag < '0002');
  await fs.writeFile(journalPath, JSON.stringify(journal));

  const client = await PGlite.create();
  const db = drizzle(client, { schema }) as unknown as Database;
  await migrate(drizzle(client), { migrationsFolder: oldMigrations });
  await fs.rm(oldMigrations, { recursive: true, force: true });

  await client.exec(`
    insert into prefectures (id, name, name_en) values
      (1, '北海道', 'Hokkaido'), (13, '東京都', 'Tokyo'), (14, '神奈川県', 'Kanagawa');
    insert into lines (id, name, name_en) values
      (11302, 'JR山手線', 'JR Yamanote Line'), (11112, 'JR札沼線', 'JR Sassho Line'),
      (27001, '京急本線', 'Keikyu Main Line'), (99001, '旧線', 'Old Line');
    insert into station_groups (id, name, name_en, prefecture_id, address, lat, lng) values
      (1130101, '東京', 'Tokyo', 13, '', 35.681391, 139.766103),
      (1130103, '品川', 'Shinagawa', 13, '', 35.630152, 139.74044),
      (1130228, '田町', 'Tamachi', 13, '', 35.645736, 139.747575),
      (1130601, '東神奈川', 'Higashi-Kanagawa', 14, '', 35.478, 139.632),
      (1111230, '新十津川', 'Shin-Totsukawa', 1, '', 43.5497, 141.8735),
      (9930101, 'なくなった駅', 'Nakunatta', 13, '', 35.7, 139.7);
    insert into stations (id, group_id, line_id, name, name_en, seq, lat, lng) values
      (1130224, 1130101, 11302, '東京', 'Tokyo', 1, 35.681391, 139.766103),
      (1130228, 1130228, 11302, '田町', 'Tamachi', 2, 35.645736, 139.747575),
      (1130229, 1130103, 11302, '品川', 'Shinagawa', 3, 35.630152, 139.74044),
      (2700124, 1130601, 27001, '仲木戸', 'Nakakido', 1, 35.478, 139.632),
      (1111230, 1111230, 11112, '新十津川', 'Shin-Totsukawa', 1, 43.5497, 141.8735),
      (9930101, 9930101, 99001, 'なくなった駅', 'Nakunatta', 1, 35.7, 139.7);
    insert into station_data_imports (source, version, group_count, station_count)
      values ('japan-train-data', '0.6.0', 6, 6);
    insert into users (id, email, password_hash, name)
      values ('01900000-0000-7000-8000-000000000001', 'old@example.com', 'x', '古参');
    insert into posts (id, user_id, kind, title, station_group_id) values
      ('01900000-0000-7000-8000-000000000011', '01900000-0000-7000-8000-000000000001', 'image', '東京駅', 1130101),
      ('01900000-0000-7000-8000-000000000012', '01900000-0000-7000-8000-000000000001', 'image', '仲木戸', 1130601),
      ('01900000-0000-7000-8000-000000000013', '01900000-0000-7000-8000-000000000001', 'image', '新十津川', 1111230),
      ('01900000-0000-7000-8000-000000000014', '01900000-0000-7000-8000-000000000001', 'image', 'なくなった', 9930101);
    insert into station_wants (station_group_id, user_id) values
      (9930101, '01900000-0000-7000-8000-000000000001'),
      (1111230, '01900000-0000-7000-8000-000000000001');
  `);
  return { client, db };
}

describe('upgrading a database of the previous version in place', () => {
  let client: PGlite;
  let db: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;

  beforeAll(async () => {
    ({ client, db } = await createPreviousVersionDatabase());
    // What a start of the new version does: migrate, then import.
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    await importEkidataFolder(db, fixtureDir, silentLogger, { shinkansenTable: fixtureShinkansen });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-test-'));
    app = await buildApp(testConfig({ DATA_DIR: dataDir }), {
      db,
      imageStorage: createLocalImageStorage(path.join(dataDir, 'images')),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await client?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const station = async (id: number) => (await app.inject(`/api/v2/stations/${id}`)).json().data;

  it('keeps every post and want on its station', async () => {
    const posts = await db
      .select({ id: schema.posts.id, groupId: schema.posts.stationGroupId })
      .from(schema.posts)
      .orderBy(schema.posts.id);
    expect(posts.map((post) => post.groupId)).toEqual([1130101, 1130601, 1111230, 9930101]);
    const [wants] = await db.select({ n: count() }).from(schema.stationWants);
    expect(wants?.n).toBe(2);
    for (const id of [1130101, 1130601, 1111230, 9930101]) {
      expect((await station(id)).counts.posts, String(id)).toBe(1);
    }
  });

  it('renames stations under the same code and adds new ones', async () => {
    const higashiKanagawa = await station(1130601);
    expect(higashiKanagawa.stations.map((member: { name: string }) => member.name)).toEqual([
      '京急東神奈川',
    ]);
    expect(await station(1130230)).toMatchObject({ name: '高輪ゲートウェイ', closed: false });
    const tokyo = await station(1130101);
    expect(tokyo.lines.map((line: { name: string }) => line.name)).toEqual([
      '東北新幹線',
      'JR山手線',
    ]);
  });

  it('adds a station only the Shinkansen serves: its page, marker, reading and place on the line', async () => {
    expect(await station(100404)).toMatchObject({
      name: '白石蔵王',
      prefecture: { id: 4, name: '宮城県' },
      lat: 37.994773,
      lng: 140.632789,
      address: '',
      opened_on: '1982-06-23',
      closed: false,
      lines: [{ id: 1004, name: '東北新幹線' }],
    });
    const markers = decodeStationMarkers(
      (await app.inject('/api/v2/stations/markers')).json().data,
    );
    expect(markers.ids).toContain(100404);
    for (const q of ['白石蔵王', 'しろいしざおう', 'シロイシ', 'shiroishizaou']) {
      const found = (await app.inject(`/api/v2/stations/search?q=${encodeURIComponent(q)}`)).json()
        .data.items as { id: number }[];
      expect(
        found.map((item) => item.id),
        q,
      ).toContain(100404);
    }
    const line = (await app.inject('/api/v2/lines/1004')).json().data;
    expect(line.stations.map((item: { name: string }) => item.name)).toEqual([
      '東京',
      '上野',
      '白石蔵王',
    ]);
  });

  it('marks closed and absent stations 廃駅, reachable but off the map and the gacha', async () => {
    expect(await station(1111230)).toMatchObject({ closed: true, closed_on: '2020-04-01' });
    const gone = await station(9930101);
    expect(gone).toMatchObject({ name: 'なくなった駅', closed: true, closed_on: null });
    expect(gone.stations[0]).toMatchObject({ closed: true, line: { id: 99001, name: '旧線' } });

    const markers = decodeStationMarkers(
      (await app.inject('/api/v2/stations/markers')).json().data,
    );
    expect(markers.ids).not.toContain(9930101);
    expect(markers.ids).not.toContain(1111230);
    expect(markers.ids).toContain(1130230);
    const gacha = await app.inject('/api/v2/stations/random?line=11112');
    expect(gacha.statusCode).toBe(200);
    expect(gacha.json().data.name).toBe('札幌');

    const search = (
      await app.inject(`/api/v2/stations/search?q=${encodeURIComponent('なくなった')}`)
    ).json().data;
    expect(search.items[0]).toMatchObject({ id: 9930101, closed: true });
  });

  it('shows no English names any more', async () => {
    // Romanised names are the import's own (docs/stations.md#romanised-names), not the old
    // column's: left out of the comparison, then checked apart.
    const withoutRomaji = (key: string, value: unknown) =>
      key === 'name_romaji' ? undefined : value;
    for (const id of [1130101, 9930101])
      expect(JSON.stringify(await station(id), withoutRomaji)).not.toMatch(/name_en|Tokyo/);
    expect((await station(1130101)).name_romaji).toBe('Tokyo');
    const columns = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.columns where column_name = 'name_en'`,
    );
    expect(columns.rows[0]?.n).toBe(0);
  });

  it('is idempotent and recorded with its version', async () => {
    const snapshot = async () => ({
      groups: await db.select().from(schema.stationGroups).orderBy(schema.stationGroups.id),
      stations: await db.select().from(schema.stations).orderBy(schema.stations.id),
      links: (await db.select({ n: count() }).from(schema.stationLinks))[0]?.n,
      terms: (await db.select({ n: count() }).from(schema.stationSearchTerms))[0]?.n,
    });
    const before = await snapshot();
    await importEkidataFolder(db, fixtureDir, silentLogger, { shinkansenTable: fixtureShinkansen });
    expect(await snapshot()).toEqual(before);
    const imports = await db.select().from(schema.stationDataImports);
    expect(imports.find((row) => row.source === 'ekidata')?.version).toBe(
      `2021-03-12/r${IMPORTER_REVISION}`,
    );
  });

  it('swaps the stations served from memory at once after an import, whole', async () => {
    const before = await app.inject('/api/v2/stations/1130230');
    const markersBefore = await app.inject('/api/v2/stations/markers');
    const namesBefore = await app.inject('/api/v2/stations/markers/names');
    expect(before.json().data.name).toBe('高輪ゲートウェイ');

    // A newer download renames 高輪ゲートウェイ and closes 札幌.
    const newer = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-ekidata-'));
    await fs.cp(fixtureDir, newer, { recursive: true });
    const stationsCsv = path.join(newer, 'station20210312free.csv');
    const rows = (await fs.readFile(stationsCsv, 'utf8'))
      .replace('1130230,1130230,高輪ゲートウェイ,', '1130230,1130230,高輪ゲート,')
      .replace(/^(1111201,.*),0,1111201$/m, '$1,2,1111201');
    await fs.writeFile(stationsCsv, rows);
    try {
      await importEkidataFolder(db, newer, silentLogger, {
        shinkansenTable: path.join(newer, 'shinkansen.csv'),
      });
    } finally {
      await fs.rm(newer, { recursive: true, force: true });
    }

    const after = await app.inject({
      url: '/api/v2/stations/1130230',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.name).toBe('高輪ゲート');
    const search = await app.inject(
      `/api/v2/stations/search?q=${encodeURIComponent('高輪ゲート')}`,
    );
    expect(search.json().data.items[0]).toMatchObject({ id: 1130230, name: '高輪ゲート' });
    const markers = await app.inject({
      url: '/api/v2/stations/markers',
      headers: { 'if-none-match': String(markersBefore.headers.etag) },
    });
    expect(markers.statusCode).toBe(200);
    expect(decodeStationMarkers(markers.json().data).ids).not.toContain(1110315);
    const names = await app.inject({
      url: '/api/v2/stations/markers/names',
      headers: { 'if-none-match': String(namesBefore.headers.etag) },
    });
    expect(names.statusCode).toBe(200);
    const { ids, names: columns } = names.json().data;
    expect(columns[ids.indexOf(1130230)]).toBe('高輪ゲート');
    expect(ids).not.toContain(1110315);
    const gacha = await app.inject('/api/v2/stations/random?line=11112');
    expect(gacha.statusCode).toBe(404);
  });
});
