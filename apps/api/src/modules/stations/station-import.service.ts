import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import {
  JAPAN_TRAIN_DATA_SOURCE,
  japanTrainDataVersion,
  readJapanTrainData,
} from './japan-train-data.source.js';
import type { StationDataset } from './station-dataset.js';
import { findImport, writeDataset } from './stations.repository.js';

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export interface ImportResult {
  skipped: boolean;
  groups: number;
  stations: number;
  lines: number;
  ms: number;
}

/** Writes a dataset, logging its progress and timing. */
export async function importDataset(
  db: Database,
  dataset: StationDataset,
  source: { name: string; version: string },
  log: Logger,
): Promise<ImportResult> {
  const started = performance.now();
  log.info(
    {
      source: source.name,
      prefectures: dataset.prefectures.length,
      lines: dataset.lines.length,
      groups: dataset.groups.length,
      stations: dataset.stations.length,
    },
    'station import: writing',
  );
  await writeDataset(db, dataset, source);
  const ms = Math.round(performance.now() - started);
  log.info({ source: source.name, ms }, 'station import: done');
  return {
    skipped: false,
    groups: dataset.groups.length,
    stations: dataset.stations.length,
    lines: dataset.lines.length,
    ms,
  };
}

/**
 * On first start, loads the bundled japan-train-data; on later starts does nothing
 * (the import is recorded with its version), so restarts are fast and idempotent.
 */
export async function ensureStationData(db: Database, log: Logger): Promise<ImportResult> {
  const started = performance.now();
  const version = japanTrainDataVersion();
  const previous = await findImport(db, JAPAN_TRAIN_DATA_SOURCE);
  if (previous && previous.version === version) {
    return {
      skipped: true,
      groups: previous.groupCount,
      stations: previous.stationCount,
      lines: 0,
      ms: Math.round(performance.now() - started),
    };
  }
  log.info(
    { source: JAPAN_TRAIN_DATA_SOURCE, version },
    'station import: first start, loading station data',
  );
  const dataset = readJapanTrainData();
  log.info({ ms: Math.round(performance.now() - started) }, 'station import: package read');
  const result = await importDataset(db, dataset, { name: JAPAN_TRAIN_DATA_SOURCE, version }, log);
  return { ...result, ms: Math.round(performance.now() - started) };
}
