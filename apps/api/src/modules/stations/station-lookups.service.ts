import type { Database } from '../../db/database.js';
import * as repository from './stations.repository.js';

// Station look-ups other modules build on (posts near a point, share cards, line maps, rides),
// offered through stations.service.ts.

/** A station group with its prefecture and activity counts (share cards, posts' stations). */
export function findGroup(db: Database, id: number) {
  return repository.findGroup(db, id);
}

/** The lines of many groups in one query: open lines first, Shinkansen first among them. */
export function findLinesOfGroups(db: Database, groupIds: number[]) {
  return repository.findLinesOfGroups(db, groupIds);
}

/** The nearest open groups within `radiusM` of a point, nearest first (a post's station). */
export function findNearbyGroups(
  db: Database,
  point: { lat: number; lng: number },
  radiusM: number,
  limit: number,
) {
  return repository.findNearbyGroups(db, point, radiusM, limit);
}

/** Every station of every line, closed ones too (the rides module's network). */
export function listLineNetworkStations(db: Database) {
  return repository.listLineNetworkStations(db);
}

/** Every open line with its open stations, for drawing the railway network. */
export function listRailwayStations(db: Database) {
  return repository.listRailwayStations(db);
}

/** The links between neighbouring stations of each line, for drawing the railway network. */
export function listStationLinks(db: Database) {
  return repository.listStationLinks(db);
}
