import { JAPAN_BOUNDS } from '@ekispot/shared';

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

/** The whole of Japan. */
export const DEFAULT_MAP_VIEW: MapView = { lat: 36.5, lng: 137.5, zoom: 4.6 };
const MIN_ZOOM = 3;
const MAX_ZOOM = 18;

function readNumber(params: URLSearchParams, key: string): number | null {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** Reads `?lat=&lng=&z=`; anything missing or outside Japan falls back to the default view. */
export function readMapView(search: string): MapView {
  const params = new URLSearchParams(search);
  const lat = readNumber(params, 'lat');
  const lng = readNumber(params, 'lng');
  const zoom = readNumber(params, 'z');
  const inJapan =
    lat !== null &&
    lng !== null &&
    lat >= JAPAN_BOUNDS.south &&
    lat <= JAPAN_BOUNDS.north &&
    lng >= JAPAN_BOUNDS.west &&
    lng <= JAPAN_BOUNDS.east;
  if (!inJapan) return DEFAULT_MAP_VIEW;
  return {
    lat,
    lng,
    zoom: zoom === null ? DEFAULT_MAP_VIEW.zoom : Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)),
  };
}

/** Does the address carry a view (`lat` and `lng`)? */
export function hasMapView(search: string): boolean {
  const params = new URLSearchParams(search);
  return readNumber(params, 'lat') !== null && readNumber(params, 'lng') !== null;
}

/** Writes the view into a search string, keeping other parameters. */
export function writeMapView(search: string, view: MapView): string {
  const params = new URLSearchParams(search);
  params.set('lat', view.lat.toFixed(5));
  params.set('lng', view.lng.toFixed(5));
  params.set('z', view.zoom.toFixed(2));
  return `?${params.toString()}`;
}
