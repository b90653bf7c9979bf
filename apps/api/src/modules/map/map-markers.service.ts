import {
  JAPAN_BOUNDS,
  MAP_COUNTRY_VIEW_BELOW_ZOOM,
  MAP_MARKERS_MAX,
  type MapMarker,
  type MapMarkerKind,
  type MapMarkers,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { preparePayload, type PreparedPayload } from '../../lib/prepared-payload.js';
import { findOpenGroupsInBox } from '../stations/stations.service.js';
import * as repository from './map.repository.js';

/**
 * The markers one viewport needs: spots and events (and station groups when asked) inside
 * the box, at most MAP_MARKERS_MAX of them; `truncated` tells the client to zoom in for the
 * rest. Events that have not ended come first, so they are never the ones left out.
 */
export async function getMapMarkers(
  db: Database,
  box: repository.Bbox,
  kinds: MapMarkerKind[],
): Promise<MapMarkers> {
  const postKinds = kinds.filter((kind): kind is 'spot' | 'event' => kind !== 'station');
  const [postRows, stationRows] = await Promise.all([
    postKinds.length > 0
      ? repository.findPostMarkers(db, box, postKinds, MAP_MARKERS_MAX + 1)
      : Promise.resolve([]),
    kinds.includes('station')
      ? findOpenGroupsInBox(db, box, MAP_MARKERS_MAX + 1)
      : Promise.resolve([]),
  ]);
  const items: MapMarker[] = [
    ...postRows.map((row) => ({
      id: row.id,
      kind: row.kind,
      lat: Number(row.lat),
      lng: Number(row.lng),
      title: row.title,
      starts_at: row.startsAt ? new Date(row.startsAt).toISOString() : null,
      ends_at: row.endsAt ? new Date(row.endsAt).toISOString() : null,
      upcoming: Boolean(row.upcoming),
    })),
    ...stationRows.map((row) => ({
      id: String(row.id),
      kind: 'station' as const,
      lat: row.lat,
      lng: row.lng,
      title: row.name,
      starts_at: null,
      ends_at: null,
      upcoming: false,
    })),
  ];
  return { items: items.slice(0, MAP_MARKERS_MAX), truncated: items.length > MAP_MARKERS_MAX };
}

/** Below this zoom the map shows (nearly) all of Japan: one shared answer serves everyone. */
export const COUNTRY_VIEW_BELOW_ZOOM = MAP_COUNTRY_VIEW_BELOW_ZOOM;
const COUNTRY_VIEW_TTL_MS = 10_000;

/**
 * The country-wide view is what every visitor of the top page asks for first, with a box
 * that only differs by window size. Below COUNTRY_VIEW_BELOW_ZOOM the answer therefore
 * covers all of Japan, is computed at most once per TTL per kind set (concurrent callers
 * share the query), and is kept encoded, so the hottest request costs a buffer copy.
 */
export function createCountryViewCache(db: Database, ttlMs = COUNTRY_VIEW_TTL_MS) {
  const entries = new Map<string, { expires: number; payload: Promise<PreparedPayload> }>();
  return function countryView(kinds: MapMarkerKind[]): Promise<PreparedPayload> {
    const key = [...kinds].sort().join(',');
    const now = Date.now();
    const cached = entries.get(key);
    if (cached && cached.expires > now) return cached.payload;
    const payload = getMapMarkers(db, JAPAN_BOUNDS, kinds).then((markers) =>
      preparePayload(markers, 'fast'),
    );
    entries.set(key, { expires: now + ttlMs, payload });
    // A failed query must not be served from the cache.
    payload.catch(() => entries.delete(key));
    return payload;
  };
}
