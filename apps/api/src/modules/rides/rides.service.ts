import {
  RIDE_MESSAGES as M,
  type Ride,
  type RideCreateBody,
  type RideJourney,
  type RideLegBody,
  type RideLineSections,
  type RidePage,
  type RideSettings,
  type RideSummary,
  type RideUpdateBody,
} from '@ekispot/shared';
import type { FieldErrors } from '@ekispot/shared';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database.js';
import { notFound, validationFailed } from '../../lib/http-error.js';
import { japanDateOf } from '../../lib/japan-time.js';
import { routeRide, type NetLine } from './ride-network.js';
import { getRideNetwork, type RideNetwork } from './ride-network.service.js';
import * as users from '../users/users.service.js';
import { summarise } from './ride-summary.js';
import * as repository from './rides.repository.js';

/** Rides and 乗りつぶし (docs/rides.md). No Fastify types here. */

export interface RidesDeps {
  db: Database;
  /** Today's date is Japan's date at this clock (tests move it). */
  clock: () => Date;
}

export { getRideNetwork };

/** A station given by its page's id (a station group) or by the line's own station code. */
function stationOnLine(line: NetLine, id: number): number | null {
  if (line.stations.has(id)) return id;
  return line.stationOfGroup.get(id) ?? null;
}

export interface ResolvedLeg {
  line: NetLine;
  from: number;
  to: number;
  way: 'short' | 'long';
  path: number[];
  metres: number;
}

/**
 * A leg's line, stations and section on `date`, or its field errors (keys prefixed, so a
 * journey's third leg reports `legs.2.to_station_id`).
 */
export function resolveLeg(
  network: RideNetwork,
  leg: Pick<RideLegBody, 'line_id' | 'from_station_id' | 'to_station_id' | 'way'>,
  date: string,
  prefix = '',
): ResolvedLeg | FieldErrors {
  const line = network.lines.get(leg.line_id);
  if (!line) return { [`${prefix}line_id`]: [M.lineNotFound] };
  const errors: FieldErrors = {};
  const from = stationOnLine(line, leg.from_station_id);
  const to = stationOnLine(line, leg.to_station_id);
  const nameOf = (id: number) => network.groupNames.get(id) ?? null;
  for (const [field, id, found] of [
    ['from_station_id', leg.from_station_id, from],
    ['to_station_id', leg.to_station_id, to],
  ] as const) {
    if (found !== null) continue;
    const name = nameOf(id);
    errors[`${prefix}${field}`] = [name ? M.stationNotOnLine(name, line.name) : M.unknownStation];
  }
  if (from === null || to === null) return errors;
  if (line.stations.get(from)!.groupId === line.stations.get(to)!.groupId) {
    return { [`${prefix}to_station_id`]: [M.sameStation] };
  }
  const way = leg.way ?? 'short';
  const result = routeRide(line, from, to, way, date);
  switch (result.kind) {
    case 'ok':
      return { line, from, to, way, path: result.path, metres: result.metres };
    case 'not-connected':
      return { [`${prefix}to_station_id`]: [M.notConnected(line.name)] };
    case 'no-other-way':
      return { [`${prefix}way`]: [M.noOtherWay] };
    case 'closed':
      return { ridden_on: [M.closedThen(result.station.name, result.station.closedOn!)] };
  }
}

export const isResolved = (value: ResolvedLeg | FieldErrors): value is ResolvedLeg =>
  'path' in value;

function checkDate(deps: RidesDeps, date: string) {
  if (date > japanDateOf(deps.clock())) throw validationFailed({ ridden_on: [M.futureDate] });
}

function present(network: RideNetwork, row: repository.RideRow, viewerId: string | null): Ride {
  const line = network.lines.get(row.lineId);
  const stationOf = (id: number) => {
    const station = line?.stations.get(id);
    return { id: station?.groupId ?? id, name: station?.name ?? '' };
  };
  return {
    id: row.id,
    journey_id: row.journeyId,
    leg: row.leg,
    line: {
      id: row.lineId,
      name: line?.name ?? '',
      color: line?.color ?? '',
      company_name: line?.companyName ?? null,
    },
    from: stationOf(row.fromStationId),
    to: stationOf(row.toStationId),
    way: row.way,
    stations: row.path.map(stationOf),
    section_count: Math.max(0, row.path.length - 1),
    distance_m: row.distanceM,
    ridden_on: row.riddenOn,
    train: row.train,
    note: row.note,
    public: row.isPublic,
    mine: viewerId === row.userId,
    created_at: row.createdAt.toISOString(),
  };
}

/** Records one ride or a journey's rides, all or none. */
export async function createRides(
  deps: RidesDeps,
  userId: string,
  body: RideCreateBody,
): Promise<RideJourney> {
  checkDate(deps, body.ridden_on);
  const network = await getRideNetwork(deps.db);
  const resolved: ResolvedLeg[] = [];
  const errors: FieldErrors = {};
  body.legs.forEach((leg, index) => {
    const result = resolveLeg(network, leg, body.ridden_on, `legs.${index}.`);
    if (isResolved(result)) resolved.push(result);
    else Object.assign(errors, result);
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors, Object.values(errors)[0]![0]);
  const settings = await repository.findSettings(deps.db, userId);
  const journeyId = body.legs.length > 1 ? uuidv7() : null;
  const rows = await deps.db.transaction((tx) =>
    repository.insertRides(
      tx,
      resolved.map((leg, index) => ({
        userId,
        journeyId,
        leg: index,
        lineId: leg.line.id,
        fromStationId: leg.from,
        toStationId: leg.to,
        way: leg.way,
        path: leg.path,
        distanceM: Math.round(leg.metres),
        riddenOn: body.ridden_on,
        train: body.legs[index]!.train ?? '',
        note: body.note ?? '',
        isPublic: body.public ?? settings.publicByDefault,
      })),
    ),
  );
  return { journey_id: journeyId, rides: rows.map((row) => present(network, row, userId)) };
}

/** A ride as `viewerId` may see it: the owner's any, others' only when 公開 (else 404). */
export async function getRide(db: Database, viewerId: string | null, id: string): Promise<Ride> {
  const row = await repository.findRide(db, id);
  if (!row || (row.userId !== viewerId && !row.isPublic)) throw notFound(M.notFound);
  return present(await getRideNetwork(db), row, viewerId);
}

function decodeCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [riddenOn, id] = cursor.split('_');
  if (!riddenOn || !id || !/^\d{4}-\d{2}-\d{2}$/.test(riddenOn) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw validationFailed({ cursor: ['カーソルが正しくありません。'] });
  }
  return { riddenOn, id };
}

export async function listRides(
  db: Database,
  userId: string,
  query: { cursor?: string | undefined; limit: number; line_id?: number | undefined },
): Promise<RidePage> {
  const rows = await repository.listRidesPage(db, userId, {
    cursor: decodeCursor(query.cursor),
    limit: query.limit + 1,
    ...(query.line_id !== undefined && { lineId: query.line_id }),
  });
  const network = await getRideNetwork(db);
  const items = rows.slice(0, query.limit);
  const last = items[items.length - 1];
  return {
    items: items.map((row) => present(network, row, userId)),
    next_cursor: rows.length > query.limit && last ? `${last.riddenOn}_${last.id}` : null,
  };
}

export async function updateRide(
  deps: RidesDeps,
  userId: string,
  id: string,
  body: RideUpdateBody,
): Promise<Ride> {
  const row = await repository.findRide(deps.db, id);
  if (!row || row.userId !== userId) throw notFound(M.notFound);
  const network = await getRideNetwork(deps.db);
  const date = body.ridden_on ?? row.riddenOn;
  checkDate(deps, date);
  const line = network.lines.get(body.line_id ?? row.lineId);
  const keep = (stationId: number) => line?.stations.get(stationId)?.groupId ?? stationId;
  const result = resolveLeg(
    network,
    {
      line_id: body.line_id ?? row.lineId,
      from_station_id: body.from_station_id ?? keep(row.fromStationId),
      to_station_id: body.to_station_id ?? keep(row.toStationId),
      way: body.way ?? row.way,
    },
    date,
  );
  if (!isResolved(result)) throw validationFailed(result, Object.values(result)[0]![0]);
  const updated = await repository.updateRide(deps.db, id, userId, {
    lineId: result.line.id,
    fromStationId: result.from,
    toStationId: result.to,
    way: result.way,
    path: result.path,
    distanceM: Math.round(result.metres),
    riddenOn: date,
    ...(body.train !== undefined && { train: body.train }),
    ...(body.note !== undefined && { note: body.note }),
    ...(body.public !== undefined && { isPublic: body.public }),
  });
  if (!updated) throw notFound(M.notFound);
  return present(network, updated, userId);
}

export async function deleteRide(db: Database, userId: string, id: string): Promise<void> {
  if (!(await repository.deleteRide(db, id, userId))) throw notFound(M.notFound);
}

/** The member's own 乗りつぶし, every ride counted. */
export async function getMySummary(db: Database, userId: string): Promise<RideSummary> {
  const [network, rows] = await Promise.all([
    getRideNetwork(db),
    repository.listRideSections(db, userId, { publicOnly: false }),
  ]);
  return { ...summarise(network, rows), hidden: null };
}

/**
 * A profile's totals: the owner sees every ride; others see the public rides' totals, and only
 * when the member has made the totals public. Private rides never count for anyone else.
 */
export async function getProfileSummary(
  db: Database,
  viewerId: string | null,
  userId: string,
): Promise<RideSummary> {
  const blocked = await users.findTabHidden(db, userId, viewerId);
  if (viewerId === userId) return getMySummary(db, userId);
  const [network, settings] = await Promise.all([
    getRideNetwork(db),
    repository.findSettings(db, userId),
  ]);
  if (blocked) return { ...summarise(network, []), hidden: blocked };
  if (!settings.totalsPublic) return { ...summarise(network, []), hidden: 'private' };
  const rows = await repository.listRideSections(db, userId, { publicOnly: true });
  return { ...summarise(network, rows), hidden: null };
}

/** The member's ridden sections of one line (its page colours them). */
export async function getLineSections(
  db: Database,
  userId: string,
  lineId: number,
): Promise<RideLineSections> {
  const network = await getRideNetwork(db);
  const line = network.lines.get(lineId);
  if (!line) throw notFound(M.lineNotFound);
  const rows = await repository.listRideSections(db, userId, { publicOnly: false, lineId });
  const entry = summarise(network, rows).lines.find((item) => item.id === lineId);
  const seen = new Set<number>();
  const sections: [number, number][] = [];
  for (const row of rows) {
    for (let i = 1; i < row.path.length; i += 1) {
      const a = line.stations.get(row.path[i - 1]!);
      const b = line.stations.get(row.path[i]!);
      if (!a || !b) continue;
      const key = a.id < b.id ? a.id * 10_000_000 + b.id : b.id * 10_000_000 + a.id;
      if (seen.has(key)) continue;
      seen.add(key);
      sections.push([a.groupId, b.groupId]);
    }
  }
  return {
    line_id: lineId,
    sections,
    ridden_m: entry?.ridden_m ?? 0,
    total_m: Math.round(line.targetMetres),
    ridden_sections: entry?.ridden_sections ?? 0,
    total_sections: line.targetSections,
    completed_on: entry?.completed_on ?? null,
  };
}

export async function getSettings(db: Database, userId: string): Promise<RideSettings> {
  const row = await repository.findSettings(db, userId);
  return { public_by_default: row.publicByDefault, totals_public: row.totalsPublic };
}

export async function saveSettings(
  db: Database,
  userId: string,
  body: { public_by_default?: boolean | undefined; totals_public?: boolean | undefined },
): Promise<RideSettings> {
  const values = {
    ...(body.public_by_default !== undefined && { publicByDefault: body.public_by_default }),
    ...(body.totals_public !== undefined && { totalsPublic: body.totals_public }),
  };
  if (Object.keys(values).length === 0) return getSettings(db, userId);
  const row = await repository.saveSettings(db, userId, values);
  return { public_by_default: row.publicByDefault, totals_public: row.totalsPublic };
}

/**
 * Every ride of a member as the API shows it, oldest first: for the CSV export and the member's
 * data archive (their export reads rides through this function).
 */
export async function listRidesForExport(db: Database, userId: string): Promise<Ride[]> {
  const [network, rows] = await Promise.all([
    getRideNetwork(db),
    repository.listAllRides(db, userId),
  ]);
  return rows.map((row) => present(network, row, userId));
}
