import { describe, expect, it } from 'vitest';
import type { RailwayLineInput, RailwayStationInput } from './railway-geometry.js';
import { buildRailwayFeatures, chainEdges, haversineMetres } from './railway-geometry.js';

/** Station `id` of group `groupId` (defaults to its own), `km` east of 139°E on 35°N. */
function at(id: number, km: number, north = 0, groupId = id): RailwayStationInput {
  return { id, groupId, lat: 35 + north / 111.2, lng: 139 + km / 91.1 };
}

function line(
  id: number,
  stations: RailwayStationInput[],
  links: [number, number][],
  kind: RailwayLineInput['kind'] = 'jr',
): RailwayLineInput {
  return { id, name: `line ${id}`, kind, stations, links };
}

function edgeCount(coordinates: number[][][]): number {
  return coordinates.reduce((sum, path) => sum + path.length - 1, 0);
}

describe('haversineMetres', () => {
  it('measures great-circle distances', () => {
    const tokyo = { lat: 35.681236, lng: 139.767125 };
    const shinOsaka = { lat: 34.73348, lng: 135.500109 };
    expect(haversineMetres(tokyo, tokyo)).toBe(0);
    const km = haversineMetres(tokyo, shinOsaka) / 1000;
    expect(km).toBeGreaterThan(395);
    expect(km).toBeLessThan(410);
  });
});

describe('chainEdges', () => {
  it('joins a straight line into one path', () => {
    expect(
      chainEdges([
        [1, 2],
        [2, 3],
        [3, 4],
      ]),
    ).toEqual([[1, 2, 3, 4]]);
  });

  it('draws a loop closed (its last join leads back to the first station)', () => {
    const [path] = chainEdges([
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 1],
    ]);
    expect(path).toHaveLength(5);
    expect(path?.[0]).toBe(path?.at(-1));
  });

  it('keeps a branch apart from the main line (no chord between branch ends)', () => {
    // 1-2-3-4 main line, 2-5-6 branch: three paths meeting at 2, never 4→5.
    const paths = chainEdges([
      [1, 2],
      [2, 3],
      [3, 4],
      [2, 5],
      [5, 6],
    ]);
    expect(paths).toHaveLength(3);
    for (const path of paths) expect(path).toContain(2);
    const joined = paths.map((path) => path.join('-'));
    expect(joined.some((path) => path.includes('4-5') || path.includes('5-4'))).toBe(false);
  });
});

describe('buildRailwayFeatures', () => {
  const local = line(
    1,
    [at(1, 0), at(2, 1), at(3, 2), at(4, 3), at(5, 4)],
    [
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
    ],
  );

  it('draws each line along its joins, with its kind', () => {
    const { features } = buildRailwayFeatures([local]);
    expect(features).toHaveLength(1);
    expect(features[0]?.properties).toEqual({ line_id: 1, name: 'line 1', kind: 'jr' });
    expect(features[0]?.geometry.coordinates).toHaveLength(1);
    expect(edgeCount(features[0]!.geometry.coordinates)).toBe(4);
  });

  it('leaves out an express chord that skips local stops of another line', () => {
    // An express stopping at 1, 3 and 5 only: both hops skip a local stop.
    const express = line(
      2,
      [at(11, 0, 0, 1), at(13, 2, 0, 3), at(15, 4, 0, 5)],
      [
        [11, 13],
        [13, 15],
      ],
    );
    const { features } = buildRailwayFeatures([local, express]);
    expect(features.map((feature) => feature.id)).toEqual([1]);
  });

  it("keeps an express's own track and joins that parallel a local line stop for stop", () => {
    const express = line(
      2,
      [at(11, 0, 0, 1), at(12, 1, 0, 2), at(20, 1, 5)],
      [
        [11, 12],
        [12, 20],
      ],
    );
    const { features } = buildRailwayFeatures([local, express]);
    expect(edgeCount(features.find((feature) => feature.id === 2)!.geometry.coordinates)).toBe(2);
  });

  it('keeps Shinkansen lines whole (the map shows them at low zoom only)', () => {
    const shinkansen = line(3, [at(21, 0, 0, 1), at(25, 4, 0, 5)], [[21, 25]], 'shinkansen');
    const { features } = buildRailwayFeatures([local, shinkansen]);
    expect(features.find((feature) => feature.id === 3)?.properties.kind).toBe('shinkansen');
  });

  it('falls back to line order when the data has no joins', () => {
    const { features } = buildRailwayFeatures([line(4, [at(31, 0), at(32, 1), at(33, 2)], [])]);
    expect(features[0]?.geometry.coordinates).toEqual([
      [
        [139, 35],
        [139.01098, 35],
        [139.02195, 35],
      ],
    ]);
  });

  it('leaves out lines with nothing to draw', () => {
    expect(buildRailwayFeatures([line(5, [at(41, 0)], [])]).features).toEqual([]);
  });
});
