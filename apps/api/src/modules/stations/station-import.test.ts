import fs from 'node:fs/promises';
import path from 'node:path';
import { isInJapan } from '@ekispot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { silentLogger } from '../../../test/silent-logger.js';
import { stationGroups } from '../../db/schema/index.js';
import { EKIDATA_SOURCE, EkidataFormatError, readEkidataCsv } from './ekidata.source.js';
import { ensureStationData, importDataset } from './station-import.service.js';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/ekidata');
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function readFixture() {
  return {
    lineCsv: await fs.readFile(path.join(fixtures, 'line-fixture.csv'), 'utf8'),
    stationCsv: await fs.readFile(path.join(fixtures, 'station-fixture.csv'), 'utf8'),
  };
}

describe('bundled station data', () => {
  it('is imported once: a second start finds it and skips', async () => {
    const result = await ensureStationData(ctx.db, silentLogger);
    expect(result).toMatchObject({ skipped: true, groups: 8878, stations: 10555 });
  });

  it('lies wholly inside the area where places count as Japan', async () => {
    const groups = await ctx.db
      .select({ name: stationGroups.name, lat: stationGroups.lat, lng: stationGroups.lng })
      .from(stationGroups);
    expect(groups).toHaveLength(8878);
    expect(groups.filter((group) => !isInJapan(group.lat, group.lng))).toEqual([]);
  });
});

describe('ekidata CSV importer', () => {
  it('reads lines and stations, leaving closed ones out', async () => {
    const dataset = readEkidataCsv(await readFixture());
    expect(dataset.lines.map((line) => line.id)).toEqual([11302]);
    expect(dataset.stations.map((station) => station.name)).toEqual([
      '田町',
      '高輪ゲートウェイ',
      '品川',
    ]);
    expect(dataset.stations.map((station) => station.seq)).toEqual([1, 2, 3]);
    expect(dataset.groups.find((group) => group.id === 1130231)).toMatchObject({
      name: '高輪ゲートウェイ',
      prefectureId: 13,
      address: '東京都港区港南2-1-220',
    });
  });

  it('adds a newer station and keeps the English names it lacks', async () => {
    await importDataset(
      ctx.db,
      readEkidataCsv(await readFixture()),
      { name: EKIDATA_SOURCE, version: 'fixture' },
      silentLogger,
    );
    const added = (await ctx.app.inject('/api/v2/stations/1130231')).json();
    expect(added.data).toMatchObject({ name: '高輪ゲートウェイ', name_en: 'Takanawa Gateway' });
    expect(added.data.lines.map((line: { id: number }) => line.id)).toEqual([11302]);
    const shinagawa = (await ctx.app.inject('/api/v2/stations/1130103')).json();
    expect(shinagawa.data.name_en).toBe('Shinagawa');
    expect(shinagawa.data.address).toBe('東京都港区高輪三丁目26-27');
    const markers = (await ctx.app.inject('/api/v2/stations/markers')).json();
    expect(markers.data.count).toBe(8879);
  });

  it('is idempotent', async () => {
    const dataset = readEkidataCsv(await readFixture());
    await importDataset(
      ctx.db,
      dataset,
      { name: EKIDATA_SOURCE, version: 'fixture' },
      silentLogger,
    );
    const markers = (await ctx.app.inject('/api/v2/stations/markers')).json();
    expect(markers.data.count).toBe(8879);
  });

  it('names the file and row of malformed input', () => {
    expect(() =>
      readEkidataCsv({
        lineCsv: 'line_cd,line_name\n11302,JR山手線\n',
        stationCsv:
          'station_cd,station_g_cd,station_name,line_cd,pref_cd,lon,lat\n1,1,駅,11302,99,139,35\n',
      }),
    ).toThrow(EkidataFormatError);
    expect(() =>
      readEkidataCsv({
        lineCsv: 'line_cd,line_name\n11302,JR山手線\n',
        stationCsv:
          'station_cd,station_g_cd,station_name,line_cd,pref_cd,lon,lat\n1,1,駅,11302,99,139,35\n',
      }),
    ).toThrow(/station CSV: row 2: pref_cd/);
  });
});
