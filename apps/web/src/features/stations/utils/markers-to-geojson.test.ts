import { describe, expect, it } from 'vitest';
import { markersToGeoJson } from './markers-to-geojson';

describe('markersToGeoJson', () => {
  it('turns columns into points', () => {
    const collection = markersToGeoJson({
      count: 2,
      ids: [1130101, 1130102],
      lats: [35.681, 35.675],
      lngs: [139.767, 139.763],
      names: ['東京', '有楽町'],
    });
    expect(collection.features).toHaveLength(2);
    expect(collection.features[1]).toEqual({
      type: 'Feature',
      id: 1130102,
      properties: { id: 1130102, name: '有楽町' },
      geometry: { type: 'Point', coordinates: [139.763, 35.675] },
    });
  });
});
