import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_VIEW, hasMapView, readMapView, writeMapView } from './map-view';

describe('map view in the URL', () => {
  it('reads lat, lng and z', () => {
    expect(readMapView('?lat=35.68&lng=139.76&z=12')).toEqual({
      lat: 35.68,
      lng: 139.76,
      zoom: 12,
    });
  });

  it('falls back to the whole of Japan', () => {
    expect(readMapView('')).toEqual(DEFAULT_MAP_VIEW);
    expect(readMapView('?lat=0&lng=0&z=3')).toEqual(DEFAULT_MAP_VIEW);
    expect(readMapView('?lat=abc&lng=139')).toEqual(DEFAULT_MAP_VIEW);
  });

  it('writes the view and keeps other parameters', () => {
    expect(writeMapView('?foo=1', { lat: 35.681236, lng: 139.767126, zoom: 12.345 })).toBe(
      '?foo=1&lat=35.68124&lng=139.76713&z=12.35',
    );
  });
});

describe('hasMapView', () => {
  it('is true only when the address carries lat and lng', () => {
    expect(hasMapView('?lat=35.6&lng=139.7&z=12')).toBe(true);
    expect(hasMapView('?z=12')).toBe(false);
    expect(hasMapView('')).toBe(false);
  });
});
