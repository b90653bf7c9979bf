import { haversineMetres, type LatLng } from '../../lib/geo.js';

/**
 * When a transfer group becomes several stations (named-stations.ts), which of the spots it
 * held each new station takes over (docs/stations.md#what-an-upgrade-moves). A spot's station is
 * the one the server found nearest to its point (posts.service.ts), so the same rule is applied
 * again among the group's stations, and only where it is clear: the nearest must be at least
 * `SPOT_ATTRIBUTION_MARGIN_M` nearer than every other. Anything a member chose (an event's or a
 * photo's station, wants, list items) and stamps (whose device position is never kept) stay.
 */

/** ekidata places a station at one point of it; nearer than this, two stations are a tie. */
export const SPOT_ATTRIBUTION_MARGIN_M = 50;

export function attributeSpot(spot: LatLng, stations: ({ id: number } & LatLng)[]): number | null {
  const byDistance = stations
    .map((station) => ({ id: station.id, distance: haversineMetres(spot, station) }))
    .sort((a, b) => a.distance - b.distance);
  const [nearest, next] = byDistance;
  if (!nearest) return null;
  if (next && next.distance - nearest.distance < SPOT_ATTRIBUTION_MARGIN_M) return null;
  return nearest.id;
}
