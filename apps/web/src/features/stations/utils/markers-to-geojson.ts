import type { StationMarkers } from '@ekispot/shared';
import type { FeatureCollection, Point } from 'geojson';

export interface StationMarkerProperties {
  id: number;
  name: string;
}

/** Turns the column-wise marker payload into GeoJSON points (one per station group). */
export function markersToGeoJson(
  markers: StationMarkers,
): FeatureCollection<Point, StationMarkerProperties> {
  const length = Math.min(
    markers.ids.length,
    markers.lats.length,
    markers.lngs.length,
    markers.names.length,
  );
  const features: FeatureCollection<Point, StationMarkerProperties>['features'] = [];
  for (let index = 0; index < length; index += 1) {
    const id = markers.ids[index];
    const lat = markers.lats[index];
    const lng = markers.lngs[index];
    const name = markers.names[index];
    if (id === undefined || lat === undefined || lng === undefined || name === undefined) continue;
    features.push({
      type: 'Feature',
      id,
      properties: { id, name },
      geometry: { type: 'Point', coordinates: [lng, lat] },
    });
  }
  return { type: 'FeatureCollection', features };
}
