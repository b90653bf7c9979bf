import { encodeStationMarkers } from '@ekispot/shared';
import { describe, expect, it } from 'vitest';
import { markersToGeoJson, namesById } from './markers-to-geojson';

const markers = encodeStationMarkers({
  ids: [1130101, 1130102],
  lats: [35.681, 35.675],
  lngs: [139.767, 139.763],
});

describe('markersToGeoJson', () => {
  it('turns columns into points, unnamed until the names are at hand', () => {
    const collection = markersToGeoJson(markers);
    expect(collection.features).toHaveLength(2);
    expect(collection.features[1]).toEqual({
      type: 'Feature',
      id: 1130102,
      properties: { id: 1130102 },
      geometry: { type: 'Point', coordinates: [139.763, 35.675] },
    });
  });

  it('names the points by id, whatever order the names came in', () => {
    const names = namesById({ ids: [1130102, 1130101], names: ['有楽町', '東京'] });
    const collection = markersToGeoJson(markers, names);
    expect(collection.features.map((feature) => feature.properties)).toEqual([
      { id: 1130101, name: '東京' },
      { id: 1130102, name: '有楽町' },
    ]);
  });

  it('leaves a point unnamed when its name is missing (an import landed in between)', () => {
    const names = namesById({ ids: [1130101], names: ['東京'] });
    expect(markersToGeoJson(markers, names).features[1]?.properties).toEqual({ id: 1130102 });
  });
});
