import { JAPAN_BOUNDS, MAP_COUNTRY_VIEW_BELOW_ZOOM } from '@ekispot/shared';
import type { CamelCased, MapMarker } from '@ekispot/shared';
import type { FeatureCollection, Point } from 'geojson';

export type PostMarker = CamelCased<MapMarker>;
export type PostMarkerKind = 'spot' | 'event';

export interface PostMarkerProperties {
  id: string;
  kind: PostMarkerKind;
  title: string;
  /** The title as the map labels it: at most POST_LABEL_MAX_CHARS characters. */
  label: string;
  /** 1 for an event that has not ended (numbers, so cluster expressions can add them up). */
  upcoming: 0 | 1;
}

export interface Viewport {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

/**
 * A label on the map is two short lines at most: a longer title (an event's can be 34
 * characters and more) would stack four lines over the station's dot and name. The pop-up and
 * the post's page show it whole.
 */
export const POST_LABEL_MAX_CHARS = 14;

/** The title cut to POST_LABEL_MAX_CHARS characters (never inside a surrogate pair), with 「…」. */
export function postLabel(title: string): string {
  const characters = Array.from(title.trim());
  if (characters.length <= POST_LABEL_MAX_CHARS) return characters.join('');
  return `${characters.slice(0, POST_LABEL_MAX_CHARS - 1).join('')}…`;
}

/** An event whose end (or, without one, whose start) has passed. */
export function isEndedEvent(
  marker: Pick<PostMarker, 'kind' | 'startsAt' | 'endsAt'>,
  now: number = Date.now(),
): boolean {
  if (marker.kind !== 'event') return false;
  const last = marker.endsAt ?? marker.startsAt;
  return last !== null && Date.parse(last) < now;
}

/** Spot and event markers as GeoJSON points; station markers (if any came) are left out. */
export function postMarkersToGeoJson(
  markers: readonly PostMarker[],
): FeatureCollection<Point, PostMarkerProperties> {
  const features: FeatureCollection<Point, PostMarkerProperties>['features'] = [];
  const seen = new Set<string>();
  for (const marker of markers) {
    if (marker.kind === 'station' || seen.has(marker.id)) continue;
    if (!Number.isFinite(marker.lat) || !Number.isFinite(marker.lng)) continue;
    seen.add(marker.id);
    features.push({
      type: 'Feature',
      properties: {
        id: marker.id,
        kind: marker.kind,
        title: marker.title,
        label: postLabel(marker.title),
        upcoming: marker.kind === 'event' && marker.upcoming ? 1 : 0,
      },
      geometry: { type: 'Point', coordinates: [marker.lng, marker.lat] },
    });
  }
  return { type: 'FeatureCollection', features };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The box to ask markers for: the viewport widened by a margin (small pans need no new call)
 * and snapped outward to a grid that coarsens as the map zooms out, so that the numbers stay
 * short and repeat. Longitudes stay within ±180, latitudes within ±85.
 */
export function markerQueryBox(view: Viewport, margin = 0.25): Viewport {
  const zoom = Math.max(0, Math.floor(view.zoom));
  const width = view.east - view.west;
  const height = view.north - view.south;
  // About a tenth of a screen at this zoom; never finer than 0.001° (~100 m).
  const step = Math.max(0.001, 360 / 2 ** zoom / 10);
  const snapDown = (value: number) => Math.floor(value / step) * step;
  const snapUp = (value: number) => Math.ceil(value / step) * step;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    west: round(clamp(snapDown(view.west - width * margin), -180, 180)),
    south: round(clamp(snapDown(view.south - height * margin), -85, 85)),
    east: round(clamp(snapUp(view.east + width * margin), -180, 180)),
    north: round(clamp(snapUp(view.north + height * margin), -85, 85)),
    zoom,
  };
}

/**
 * What a view of (nearly) all of Japan asks for: the server answers such views for the whole
 * country, so they share one call, which the top page starts before its map has loaded.
 */
export const COUNTRY_MARKER_BOX: Viewport = {
  ...JAPAN_BOUNDS,
  zoom: MAP_COUNTRY_VIEW_BELOW_ZOOM - 1,
};

/**
 * The box for a new view: a country view's fixed box below MAP_COUNTRY_VIEW_BELOW_ZOOM; the previous one while the view still lies inside it at the same
 * whole zoom level (a small pan needs no new call), else a fresh one.
 */
export function nextMarkerQueryBox(previous: Viewport | null, view: Viewport): Viewport {
  if (view.zoom < MAP_COUNTRY_VIEW_BELOW_ZOOM) return COUNTRY_MARKER_BOX;
  if (
    previous &&
    previous.zoom === Math.max(0, Math.floor(view.zoom)) &&
    view.west >= previous.west &&
    view.east <= previous.east &&
    view.south >= previous.south &&
    view.north <= previous.north
  ) {
    return previous;
  }
  return markerQueryBox(view);
}

/** `west,south,east,north` for the `bbox` parameter. */
export function bboxParam(box: Viewport): string {
  return [box.west, box.south, box.east, box.north].join(',');
}
