import { decodeStationMarkers } from '@ekispot/shared';
import type { StationMarkerNames, StationMarkers } from '@ekispot/shared';
import type { FeatureCollection, Point } from 'geojson';

export interface StationMarkerProperties {
  id: number;
  /** Absent until the names have loaded (the map asks for them once zoomed in). */
  name?: string;
}

/** The names by group id, from their column-wise payload. */
export function namesById(names: StationMarkerNames): Map<number, string> {
  const byId = new Map<number, string>();
  const length = Math.min(names.ids.length, names.names.length);
  for (let index = 0; index < length; index += 1) byId.set(names.ids[index]!, names.names[index]!);
  return byId;
}

/**
 * Turns the delta-coded, column-wise marker payload into GeoJSON points (one per station group), named when
 * the names are at hand.
 */
export function markersToGeoJson(
  wire: StationMarkers,
  names?: ReadonlyMap<number, string>,
): FeatureCollection<Point, StationMarkerProperties> {
  const markers = decodeStationMarkers(wire);
  const length = markers.ids.length;
  const features: FeatureCollection<Point, StationMarkerProperties>['features'] = [];
  for (let index = 0; index < length; index += 1) {
    const id = markers.ids[index];
    const lat = markers.lats[index];
    const lng = markers.lngs[index];
    if (id === undefined || lat === undefined || lng === undefined) continue;
    const name = names?.get(id);
    features.push({
      type: 'Feature',
      id,
      properties: name === undefined ? { id } : { id, name },
      geometry: { type: 'Point', coordinates: [lng, lat] },
    });
  }
  return { type: 'FeatureCollection', features };
}
