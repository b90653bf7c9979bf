import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prefectureOutlines } from './prefecture-paths';

const readBasemap = (file: string): unknown =>
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../../../public/basemap', file), 'utf8'),
  );

/** Every coordinate of an SVG path's commands. */
const coordinates = (d: string) => (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

describe('prefectureOutlines', () => {
  it('draws all 47 prefectures from the overview file, as from the full one', () => {
    const outlines = prefectureOutlines(readBasemap('prefectures-overview.json'));
    const full = prefectureOutlines(readBasemap('prefectures.json'));
    expect(outlines.map((outline) => outline.code)).toEqual(
      Array.from({ length: 47 }, (_, index) => index + 1),
    );
    expect(outlines.map((outline) => outline.name)).toEqual(full.map((outline) => outline.name));
    expect(outlines.find((outline) => outline.code === 13)?.name).toBe('東京都');
    for (const [index, outline] of outlines.entries()) {
      const [overviewPoints, fullPoints] = [outline.d, full[index]!.d].map(
        (d) => coordinates(d).length,
      );
      expect(overviewPoints, outline.name).toBeGreaterThanOrEqual(6);
      expect(overviewPoints, outline.name).toBeLessThanOrEqual(fullPoints!);
    }
  });

  it('draws nothing from something that is not a feature collection', () => {
    expect(prefectureOutlines(null)).toEqual([]);
    expect(prefectureOutlines({ type: 'FeatureCollection' })).toEqual([]);
  });
});
