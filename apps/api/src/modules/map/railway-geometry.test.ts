import { describe, expect, it } from 'vitest';
import type { LngLat, RailwayLineInput, RailwayStationInput } from './railway-geometry.js';
import { buildRailwayFeatures, haversineMetres } from './railway-geometry.js';

const METRES_PER_DEGREE_LAT = 111_195;

/** Stations `stepKm` apart going north from `start` (or along `bearing`, in degrees from north). */
function stationsAlong(
  count: number,
  stepKm: number,
  start: { lat: number; lng: number } = { lat: 35, lng: 139 },
  bearing = 0,
  prefix = 'S',
): RailwayStationInput[] {
  const rad = (bearing * Math.PI) / 180;
  const kmPerDegreeLng = (METRES_PER_DEGREE_LAT / 1000) * Math.cos((start.lat * Math.PI) / 180);
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix}${i}`,
    lat: start.lat + (i * stepKm * Math.cos(rad)) / (METRES_PER_DEGREE_LAT / 1000),
    lng: start.lng + (i * stepKm * Math.sin(rad)) / kmPerDegreeLng,
  }));
}

/** `count` stations evenly round a circle, listed open (the last does not repeat the first). */
function stationsOnRing(count: number, radiusKm: number, fraction = 1): RailwayStationInput[] {
  const centre = { lat: 35.68, lng: 139.74 };
  return Array.from({ length: count }, (_, i) => {
    const angle = (2 * Math.PI * fraction * i) / count;
    return {
      name: `R${i}`,
      lat: centre.lat + (radiusKm * Math.cos(angle)) / (METRES_PER_DEGREE_LAT / 1000),
      lng:
        centre.lng +
        (radiusKm * Math.sin(angle)) /
          ((METRES_PER_DEGREE_LAT / 1000) * Math.cos((centre.lat * Math.PI) / 180)),
    };
  });
}

function line(name: string, stations: RailwayStationInput[], id = 1): RailwayLineInput {
  return { id, name, stations };
}

function segmentsOf(input: RailwayLineInput): LngLat[][] {
  const [feature] = buildRailwayFeatures([input]).features;
  return feature?.geometry.coordinates ?? [];
}

function isClosed(segments: LngLat[][]): boolean {
  const first = segments[0]?.[0];
  const last = segments[segments.length - 1]?.at(-1);
  return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
}

describe('haversineMetres', () => {
  it('measures great-circle distances', () => {
    const tokyo = { lat: 35.681236, lng: 139.767125 };
    const shinOsaka = { lat: 34.73348, lng: 135.500109 };
    expect(haversineMetres(tokyo, tokyo)).toBe(0);
    // one degree of latitude on the mean-radius sphere: πR/180
    expect(haversineMetres({ lat: 35, lng: 139 }, { lat: 36, lng: 139 })).toBeCloseTo(111_195, 0);
    expect(haversineMetres(tokyo, shinOsaka) / 1000).toBeCloseTo(401.7, 1);
    expect(haversineMetres(tokyo, shinOsaka)).toBeCloseTo(haversineMetres(shinOsaka, tokyo), 6);
  });
});

describe('buildRailwayFeatures', () => {
  it('draws one MultiLineString feature per line, station to station in list order', () => {
    const stations: RailwayStationInput[] = [
      { name: '渋谷', lat: 35.658034, lng: 139.701636 },
      { name: '原宿', lat: 35.670168, lng: 139.702687 },
      { name: '代々木', lat: 35.683061, lng: 139.702042 },
      { name: '新宿', lat: 35.690921, lng: 139.700258 },
    ];
    const collection = buildRailwayFeatures([line('テスト線', stations, 42)]);

    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(1);
    const [feature] = collection.features;
    expect(feature?.type).toBe('Feature');
    expect(feature?.id).toBe(42);
    expect(feature?.properties).toEqual({ line_id: 42, name: 'テスト線' });
    expect(feature?.geometry.type).toBe('MultiLineString');
    expect(feature?.geometry.coordinates).toEqual([
      [
        [139.70164, 35.65803],
        [139.70269, 35.67017],
        [139.70204, 35.68306],
        [139.70026, 35.69092],
      ],
    ]);
  });

  it('keeps the given order rather than sorting stations', () => {
    const [a, b, c] = stationsAlong(3, 1);
    if (!a || !b || !c) throw new Error('fixture');
    const segments = segmentsOf(line('折り返し線', [b, a, c]));
    expect(segments[0]?.map(([, lat]) => lat)).toEqual([b.lat, a.lat, c.lat].map(roundTo5));
  });

  it('rounds coordinates to 5 decimals and drops repeated positions', () => {
    const segments = segmentsOf(
      line('丸め線', [
        { name: 'A', lat: 35.123456789, lng: 139.987654321 },
        { name: 'A2', lat: 35.123458, lng: 139.987651 }, // same place once rounded
        { name: 'B', lat: 35.131111119, lng: 139.999999999 },
      ]),
    );
    expect(segments).toEqual([
      [
        [139.98765, 35.12346],
        [140, 35.13111],
      ],
    ]);
  });

  it('leaves out lines with a single station (or a single distinct position)', () => {
    const lone = { name: '孤立', lat: 35, lng: 139 };
    const collection = buildRailwayFeatures([
      line('一駅線', [lone], 1),
      line('同一駅線', [lone, { ...lone, name: '同じ場所' }], 2),
      line('空線', [], 3),
      line('無効座標線', [lone, { name: 'NaN', lat: Number.NaN, lng: 139 }], 4),
    ]);
    expect(collection.features).toEqual([]);
  });

  it('keeps one feature per line id (the first entry wins)', () => {
    const stations = stationsAlong(3, 1);
    const collection = buildRailwayFeatures([
      line('東海道線', stations, 7),
      line('東海道線 (別の県)', stations, 7),
      line('別線', stations, 8),
    ]);
    expect(collection.features.map((f) => [f.id, f.properties.name])).toEqual([
      [7, '東海道線'],
      [8, '別線'],
    ]);
  });

  describe('branch splits', () => {
    it('splits where the list jumps to a far branch (南武線 立川→八丁畷)', () => {
      const main = stationsAlong(26, 1.2, { lat: 35.53, lng: 139.7 }, 300, 'M');
      const branch = stationsAlong(4, 1, { lat: 35.52, lng: 139.7 }, 120, 'B');
      const segments = segmentsOf(line('JR南武線', [...main, ...branch]));
      expect(segments.map((s) => s.length)).toEqual([26, 4]);
      expect(isClosed(segments)).toBe(false); // the ends are near, but it is not a loop
    });

    it('splits where a branch listed after the main line steps back beside it (丸ノ内線 方南町支線)', () => {
      const main = stationsAlong(10, 1, { lat: 35.7, lng: 139.6 }, 270, 'M');
      const besideM4 = main[4];
      if (!besideM4) throw new Error('fixture');
      const branch = stationsAlong(
        3,
        0.8,
        { lat: besideM4.lat - 0.005, lng: besideM4.lng },
        180,
        'B',
      );
      const segments = segmentsOf(line('東京メトロ丸ノ内線', [...main, ...branch]));
      expect(segments.map((s) => s.length)).toEqual([10, 3]);
    });

    it('keeps genuine long hops on lines with long hops (海峡線, Seikan Tunnel)', () => {
      const south = stationsAlong(5, 12, { lat: 40.6, lng: 140.5 });
      const north = stationsAlong(5, 12, { lat: 41.6, lng: 140.5 });
      const segments = segmentsOf(line('JR海峡線', [...south, ...north]));
      expect(segments.map((s) => s.length)).toEqual([10]);
    });

    it('drops a segment left with one point', () => {
      const main = stationsAlong(10, 1);
      const far = { name: '遠方', lat: 36, lng: 140 };
      const segments = segmentsOf(line('途切れ線', [...main, far]));
      expect(segments.map((s) => s.length)).toEqual([10]);
    });
  });

  describe('loops', () => {
    it('closes JR山手線, listed 大崎 … 品川, back to 大崎', () => {
      const stations = stationsOnRing(29, 5);
      const segments = segmentsOf(line('JR山手線', stations));
      expect(segments).toHaveLength(1);
      expect(segments[0]).toHaveLength(30);
      expect(isClosed(segments)).toBe(true);
    });

    it('closes lines named 環状', () => {
      expect(isClosed(segmentsOf(line('大阪環状線', stationsOnRing(19, 3))))).toBe(true);
      expect(isClosed(segmentsOf(line('伊予鉄道環状線', stationsOnRing(4, 1))))).toBe(true);
    });

    it('does not close a line named 環状 whose ends are far apart (愛知環状鉄道線)', () => {
      const stations = stationsOnRing(23, 20, 0.5); // a half circle: ends 40 km apart
      expect(isClosed(segmentsOf(line('愛知環状鉄道線', stations)))).toBe(false);
    });

    it('closes an unnamed loop whose ends are one ordinary hop apart (名城線)', () => {
      expect(isClosed(segmentsOf(line('名古屋市営地下鉄名城線', stationsOnRing(28, 4))))).toBe(
        true,
      );
    });

    it('leaves hook-shaped lines and short lines open', () => {
      // ends 2 km apart but the hops are 0.3 km: a hook, not a loop (長崎電軌, 岡山電軌)
      const hook = [
        ...stationsAlong(8, 0.3, { lat: 32.75, lng: 129.87 }, 0, 'A'),
        ...stationsAlong(8, 0.3, { lat: 32.75, lng: 129.8914 }, 0, 'B').reverse(),
      ];
      expect(isClosed(segmentsOf(line('路面電車４系統', hook)))).toBe(false);
      // fewer than 6 stations
      expect(isClosed(segmentsOf(line('短絡線', stationsOnRing(5, 1))))).toBe(false);
    });

    it('does not add a closing point when the list already repeats the first station', () => {
      const stations = stationsOnRing(10, 2);
      const first = stations[0];
      if (!first) throw new Error('fixture');
      const segments = segmentsOf(line('環状線', [...stations, first]));
      expect(segments[0]).toHaveLength(11);
      expect(isClosed(segments)).toBe(true);
    });
  });
});

function roundTo5(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}
