import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { toRomaji } from 'wanakana';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { stationGroups, stations } from '../../db/schema/index.js';

/**
 * The checked readings list (`test/fixtures/station-readings-checked.csv`): the busiest
 * stations and the names people are known to look for by a reading analysers get wrong, each
 * with its reading as people say it. Every one must be found on the bundled data by its reading
 * and its romaji, whole and by a prefix (docs/stations.md#readings).
 */

interface Checked {
  name: string;
  prefectureId: number;
  reading: string;
}

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let checked: Checked[];
let groupIds: Map<string, number>;

beforeAll(async () => {
  ctx = await createTestApp();
  const csv = await fs.readFile(
    path.resolve(import.meta.dirname, '../../../test/fixtures/station-readings-checked.csv'),
    'utf8',
  );
  checked = csv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [name, prefectureId, reading] = line.split(',');
      return { name: name!, prefectureId: Number(prefectureId), reading: reading! };
    });
  // A name is a group's or a member station's (永田町 is a station of the 赤坂見附 group).
  const rows = await ctx.db
    .select({
      id: stationGroups.id,
      name: stations.name,
      prefectureId: stationGroups.prefectureId,
    })
    .from(stations)
    .innerJoin(stationGroups, eq(stationGroups.id, stations.groupId))
    .where(eq(stations.closed, false));
  groupIds = new Map(rows.map((row) => [`${row.name}/${row.prefectureId}`, row.id]));
});
afterAll(async () => {
  await ctx?.close();
});

async function foundIds(q: string): Promise<number[]> {
  const response = await ctx.app.inject(
    `/api/v2/stations/search?limit=50&q=${encodeURIComponent(q)}`,
  );
  expect(response.statusCode, q).toBe(200);
  return (response.json().data.items as { id: number }[]).map((item) => item.id);
}

/** How a person types a reading in latin letters: Hepburn, with no apostrophes. */
const romajiOf = (reading: string) => toRomaji(reading).replaceAll("'", '');

describe('the checked readings list', () => {
  it('holds at least 200 stations, each an open station of the bundled data', () => {
    expect(checked.length).toBeGreaterThanOrEqual(200);
    const missing = checked.filter((entry) => !groupIds.has(`${entry.name}/${entry.prefectureId}`));
    expect(missing).toEqual([]);
  });

  it('finds every one by its reading and romaji, whole and by a prefix', async () => {
    const misses: string[] = [];
    for (const entry of checked) {
      // A group is found by a member station's name too: what counts is that the station's
      // own group is among the answers.
      const id = groupIds.get(`${entry.name}/${entry.prefectureId}`);
      // Prefixes as typed: the reading without its last kana, the romaji without its last two
      // letters (never shorter than two kana or four letters).
      const romaji = romajiOf(entry.reading);
      const queries = [
        entry.reading,
        [...entry.reading].slice(0, Math.max(2, entry.reading.length - 1)).join(''),
        romaji,
        romaji.slice(0, Math.max(4, romaji.length - 2)),
      ];
      for (const q of new Set(queries)) {
        if (!(await foundIds(q)).includes(id!)) misses.push(`${entry.name}: ${q}`);
      }
    }
    expect(misses).toEqual([]);
    // About 800 searches one after another: a bound for a busy machine, not a measure of speed.
  }, 120_000);
});
