import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { stationGroups } from '../../db/schema/index.js';
import { readCheckedSigns } from './romanised-names.js';
import { getStationReadModel } from './station-read-model-store.js';

/**
 * Romanised names on the bundled data, as the import stores them and the API answers them
 * (docs/stations.md#romanised-names): in station, line and search answers, and searchable.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
  // The read model loads on the first station read: a few seconds on a busy machine.
  await getStationReadModel(ctx.db);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const get = async (url: string) => {
  const response = await ctx.app.inject(url);
  expect(response.statusCode, url).toBe(200);
  return response.json().data;
};

describe('romanised names', () => {
  it('are in station and line answers', async () => {
    const tokyo = await get('/api/v2/stations/1130101');
    expect(tokyo.name_romaji).toBe('Tokyo');
    expect(tokyo.lines).toContainEqual({
      id: 11302,
      name: 'JR山手線',
      name_romaji: 'JR Yamanote Line',
    });
    const line = await get('/api/v2/lines/11302');
    expect(line.name_romaji).toBe('JR Yamanote Line');
    expect(
      line.stations.find((station: { name: string }) => station.name === '新宿'),
    ).toMatchObject({ group_name_romaji: 'Shinjuku' });
  });

  it('find their stations through search', async () => {
    for (const [q, id, romaji] of [
      ['shinjuku', 1130208, 'Shinjuku'],
      ['Tokyo', 1130101, 'Tokyo'],
      ['osaka-umeda', 3400101, 'Osaka-umeda'],
      ['Tama-Center', null, 'Tama-Center'],
    ] as const) {
      const { items } = await get(`/api/v2/stations/search?q=${encodeURIComponent(q)}`);
      const hit = items.find(
        (item: { id: number; name_romaji: string }) =>
          (id === null || item.id === id) && item.name_romaji === romaji,
      );
      expect(hit, q).toBeDefined();
    }
  });

  it('match the checked list of sign spellings on at least 99 % of its stations', async () => {
    const checked = await readCheckedSigns();
    const rows = await ctx.db
      .select({
        name: stationGroups.name,
        prefectureId: stationGroups.prefectureId,
        nameRomaji: stationGroups.nameRomaji,
      })
      .from(stationGroups);
    const stored = new Map(rows.map((row) => [`${row.name}/${row.prefectureId}`, row.nameRomaji]));
    const comparable = (spelling = '') => spelling.toLowerCase().replace(/[\s-]+/g, '-');
    const misses = checked.filter(
      (entry) =>
        comparable(stored.get(`${entry.name}/${entry.prefectureId}`)) !== comparable(entry.sign),
    );
    expect(misses.length / checked.length, misses.map((miss) => miss.name).join(' ')).toBeLessThan(
      0.01,
    );
  });
});
