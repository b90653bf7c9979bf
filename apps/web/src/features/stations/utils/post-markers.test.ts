import { describe, expect, it } from 'vitest';
import {
  bboxParam,
  isEndedEvent,
  COUNTRY_MARKER_BOX,
  markerQueryBox,
  nextMarkerQueryBox,
  postLabel,
  postMarkersToGeoJson,
} from './post-markers';
import type { PostMarker } from './post-markers';

const SPOT: PostMarker = {
  id: 'a1',
  kind: 'spot',
  lat: 35.68,
  lng: 139.76,
  title: '展望台',
  startsAt: null,
  endsAt: null,
  upcoming: false,
};
const EVENT: PostMarker = {
  id: 'b2',
  kind: 'event',
  lat: 34.7,
  lng: 135.5,
  title: '駅まつり',
  startsAt: '2026-12-01T01:00:00Z',
  endsAt: '2026-12-01T09:00:00Z',
  upcoming: true,
};

describe('postMarkersToGeoJson', () => {
  it('makes one point per spot or event, longitude first', () => {
    const collection = postMarkersToGeoJson([SPOT, EVENT]);
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toEqual([
      {
        type: 'Feature',
        properties: { id: 'a1', kind: 'spot', title: '展望台', label: '展望台', upcoming: 0 },
        geometry: { type: 'Point', coordinates: [139.76, 35.68] },
      },
      {
        type: 'Feature',
        properties: { id: 'b2', kind: 'event', title: '駅まつり', label: '駅まつり', upcoming: 1 },
        geometry: { type: 'Point', coordinates: [135.5, 34.7] },
      },
    ]);
  });

  it('labels a long title with its first characters: two short lines on the map, not four', () => {
    const title = '東京駅丸の内駅舎ライトアップと干支のレリーフを巡る夜の建築散歩ツアー2027';
    const event: PostMarker = { ...EVENT, title };
    const [feature] = postMarkersToGeoJson([event]).features;
    expect(feature?.properties.title).toBe(title);
    expect(feature?.properties.label).toBe('東京駅丸の内駅舎ライトアッ…');
    expect(Array.from(postLabel(title))).toHaveLength(14);
    expect(postLabel('  展望台  ')).toBe('展望台');
    // Never half of a character outside the basic plane.
    expect(postLabel('𠮷'.repeat(20))).toBe(`${'𠮷'.repeat(13)}…`);
  });

  it('leaves out stations, duplicates and broken coordinates', () => {
    const station: PostMarker = { ...SPOT, id: '1130101', kind: 'station' };
    const broken: PostMarker = { ...SPOT, id: 'c3', lat: Number.NaN };
    expect(postMarkersToGeoJson([station, SPOT, SPOT, broken]).features).toHaveLength(1);
  });

  it('only marks events as upcoming', () => {
    const odd: PostMarker = { ...SPOT, upcoming: true };
    expect(postMarkersToGeoJson([odd]).features[0]?.properties.upcoming).toBe(0);
    expect(postMarkersToGeoJson([]).features).toEqual([]);
  });
});

describe('nextMarkerQueryBox', () => {
  const view = { west: 139.7, south: 35.65, east: 139.8, north: 35.72, zoom: 13.6 };

  it('keeps the previous box while a small pan stays inside it', () => {
    const first = nextMarkerQueryBox(null, view);
    const panned = { ...view, west: view.west + 0.01, east: view.east + 0.01, zoom: 13.1 };
    expect(nextMarkerQueryBox(first, panned)).toBe(first);
  });

  it('asks again after a long pan or a zoom to another level', () => {
    const first = nextMarkerQueryBox(null, view);
    const far = { ...view, west: view.west + 0.2, east: view.east + 0.2 };
    expect(nextMarkerQueryBox(first, far)).not.toBe(first);
    expect(nextMarkerQueryBox(first, { ...view, zoom: 14.1 }).zoom).toBe(14);
  });
});

describe('the country view', () => {
  it('asks every view of (nearly) all of Japan for the one country box', () => {
    const japan = { west: 118.1, south: 22.3, east: 150.7, north: 46.9, zoom: 4.7 };
    const box = nextMarkerQueryBox(null, japan);
    expect(box).toBe(COUNTRY_MARKER_BOX);
    expect(bboxParam(box)).toBe('122,20,154,46');
    expect(nextMarkerQueryBox(box, { ...japan, zoom: 6.2, west: 130 })).toBe(box);
    expect(nextMarkerQueryBox(box, { ...japan, zoom: 8.1 }).zoom).toBe(8);
  });
});

describe('markerQueryBox', () => {
  const view = { west: 139.7, south: 35.65, east: 139.8, north: 35.72, zoom: 13.6 };

  it('widens the viewport and snaps it outward', () => {
    const box = markerQueryBox(view);
    expect(box.zoom).toBe(13);
    expect(box.west).toBeLessThan(view.west);
    expect(box.east).toBeGreaterThan(view.east);
    expect(box.south).toBeLessThan(view.south);
    expect(box.north).toBeGreaterThan(view.north);
  });

  it('snaps to a grid, so that close views often share a box', () => {
    const box = markerQueryBox(view);
    for (const edge of [box.west, box.south, box.east, box.north]) {
      expect(String(edge).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(3);
    }
  });

  it('stays inside the world', () => {
    const box = markerQueryBox({ west: -200, south: -89, east: 200, north: 89, zoom: 0 });
    expect(box).toEqual({ west: -180, south: -85, east: 180, north: 85, zoom: 0 });
    expect(bboxParam(box)).toBe('-180,-85,180,85');
  });
});

describe('isEndedEvent', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it('is an event whose end, or else start, has passed', () => {
    const event = { kind: 'event' as const, startsAt: '2026-04-01T10:00:00Z' };
    expect(isEndedEvent({ ...event, endsAt: '2026-04-02T10:00:00Z' }, now)).toBe(true);
    expect(isEndedEvent({ ...event, endsAt: '2026-05-02T10:00:00Z' }, now)).toBe(false);
    expect(isEndedEvent({ ...event, endsAt: null }, now)).toBe(true);
    expect(isEndedEvent({ kind: 'event', startsAt: null, endsAt: null }, now)).toBe(false);
    expect(
      isEndedEvent({ kind: 'spot', startsAt: null, endsAt: '2000-01-01T00:00:00Z' }, now),
    ).toBe(false);
  });
});
