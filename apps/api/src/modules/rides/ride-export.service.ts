import {
  RIDE_IMPORT_ROWS_MAX,
  type RideImportResult,
  type RideSectionCollection,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { validationFailed } from '../../lib/http-error.js';
import { japanDateOf } from '../../lib/japan-time.js';
import {
  findLines,
  findStationOnLine,
  normaliseDate,
  readCsvRides,
  ridesToCsv,
  type CsvRide,
} from './ride-csv.js';
import { edgeKey } from './ride-network.js';
import { getRideNetwork, type RideNetwork } from './ride-network.service.js';
import * as repository from './rides.repository.js';
import {
  isResolved,
  listRidesForExport,
  resolveLeg,
  type ResolvedLeg,
  type RidesDeps,
} from './rides.service.js';

/** Rides in and out: CSV both ways, GeoJSON of the ridden sections (docs/rides.md). */

export async function exportCsv(db: Database, userId: string): Promise<string> {
  return ridesToCsv(await listRidesForExport(db, userId));
}

const round = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * The member's ridden sections, one feature per line: each ride's new sections chained into
 * runs (a section ridden twice is drawn once), station to station.
 */
export async function rideSectionsGeoJson(
  db: Database,
  userId: string,
): Promise<RideSectionCollection> {
  const [network, rows] = await Promise.all([
    getRideNetwork(db),
    repository.listRideSections(db, userId, { publicOnly: false }),
  ]);
  const byLine = new Map<number, { seen: Set<number>; runs: [number, number][][] }>();
  for (const row of rows) {
    const line = network.lines.get(row.lineId);
    if (!line) continue;
    const entry = byLine.get(line.id) ?? { seen: new Set<number>(), runs: [] };
    byLine.set(line.id, entry);
    let run: [number, number][] | null = null;
    for (let i = 1; i < row.path.length; i += 1) {
      const key = edgeKey(row.path[i - 1]!, row.path[i]!);
      const a = line.stations.get(row.path[i - 1]!);
      const b = line.stations.get(row.path[i]!);
      if (entry.seen.has(key) || !a || !b) {
        run = null;
        continue;
      }
      entry.seen.add(key);
      if (!run) {
        run = [[round(a.lng), round(a.lat)]];
        entry.runs.push(run);
      }
      run.push([round(b.lng), round(b.lat)]);
    }
  }
  return {
    type: 'FeatureCollection',
    features: [...byLine]
      .filter(([, entry]) => entry.runs.length > 0)
      .map(([lineId, entry]) => {
        const line = network.lines.get(lineId)!;
        return {
          type: 'Feature' as const,
          id: lineId,
          properties: { line_id: lineId, name: line.name, color: line.color || '#1f6feb' },
          geometry: { type: 'MultiLineString' as const, coordinates: entry.runs },
        };
      }),
  };
}

function matchRow(
  network: RideNetwork,
  row: CsvRide,
  today: string,
): { leg: ResolvedLeg; date: string; note: string } | string {
  const date = normaliseDate(row.date);
  if (!date) return `日付「${row.date}」を読み取れません（例: 2024-03-05）。`;
  if (date > today) return '未来の日付は記録できません。';
  if (!row.line) return '路線名がありません。';
  if (!row.from || !row.to) return '乗車駅と降車駅を書いてください。';
  const lines = findLines(network, row.line);
  if (lines.length === 0) return `路線「${row.line}」が見つかりません。`;
  const candidates = lines.filter(
    (line) =>
      findStationOnLine(line, row.from) !== null && findStationOnLine(line, row.to) !== null,
  );
  if (candidates.length === 0) {
    const line = lines[0]!;
    const missing = [row.from, row.to].find((name) => findStationOnLine(line, name) === null)!;
    return `「${missing}」は${line.name}の駅として見つかりません。`;
  }
  if (candidates.length > 1) {
    return `路線「${row.line}」に当たる路線が複数あります（${candidates.map((l) => l.name).join('・')}）。正式な路線名で書いてください。`;
  }
  const line = candidates[0]!;
  const result = resolveLeg(
    network,
    {
      line_id: line.id,
      from_station_id: findStationOnLine(line, row.from)!,
      to_station_id: findStationOnLine(line, row.to)!,
    },
    date,
  );
  if (!isResolved(result)) return Object.values(result)[0]![0]!;
  return { leg: result, date, note: row.note.slice(0, 500) };
}

/**
 * Imports the CSV's rows that match, all in one transaction, and reports every other row by
 * its line number with the reason in Japanese. `dryRun` checks without writing.
 */
export async function importCsv(
  deps: RidesDeps,
  userId: string,
  csv: string,
  dryRun: boolean,
): Promise<RideImportResult> {
  const { rides, error } = readCsvRides(csv);
  if (error) throw validationFailed({ csv: [error] }, error);
  if (rides.length > RIDE_IMPORT_ROWS_MAX) {
    const message = `一度に読み込めるのは${RIDE_IMPORT_ROWS_MAX}行までです。`;
    throw validationFailed({ csv: [message] }, message);
  }
  const network = await getRideNetwork(deps.db);
  const today = japanDateOf(deps.clock());
  const errors: RideImportResult['errors'] = [];
  const matched: { leg: ResolvedLeg; date: string; note: string }[] = [];
  for (const row of rides) {
    const result = matchRow(network, row, today);
    if (typeof result === 'string') errors.push({ row: row.row, message: result });
    else matched.push(result);
  }
  if (!dryRun && matched.length > 0) {
    const settings = await repository.findSettings(deps.db, userId);
    await deps.db.transaction((tx) =>
      repository.insertRides(
        tx,
        matched.map(({ leg, date, note }) => ({
          userId,
          lineId: leg.line.id,
          fromStationId: leg.from,
          toStationId: leg.to,
          way: leg.way,
          path: leg.path,
          distanceM: Math.round(leg.metres),
          riddenOn: date,
          note,
          isPublic: settings.publicByDefault,
        })),
      ),
    );
  }
  return { imported: matched.length, errors };
}
