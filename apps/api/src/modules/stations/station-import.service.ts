import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import {
  BUNDLED_DATA_DATE,
  BUNDLED_EKIDATA_DIR,
  ekidataFolderDate,
  readEkidataFolder,
} from './bundled-station-data.js';
import { EKIDATA_SOURCE, readEkidataCsv } from './ekidata.source.js';
import type { StationDataset } from './station-dataset.js';
import { buildSearchTerms } from './station-search-terms.js';
import { createReadingFinder } from './station-readings.js';
import { createStationRomaniser } from './romanised-names.js';
import { refreshStationReadModel } from './station-read-model-store.js';
import { analyzeStationTables, findImport, writeDataset } from './station-import.repository.js';

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * Bumped when the importer derives something new from the same files (readings, links…), so
 * an installation re-imports its data once. Revision 1 was the 2017 `japan-train-data` import;
 * revision 3 adds the stations only the Shinkansen serves and the groups' opening dates;
 * revision 4 makes each name of a station group a station of its own (named-stations.ts);
 * revision 5 gives each station its romanised name (romanised-names.ts).
 */
export const IMPORTER_REVISION = 5;

export interface ImportResult {
  skipped: boolean;
  groups: number;
  stations: number;
  lines: number;
  ms: number;
}

/** `2021-03-12/r2` ↔ { dataDate, revision }. */
export function formatImportVersion(dataDate: string | null): string {
  return `${dataDate ?? 'undated'}/r${IMPORTER_REVISION}`;
}
export function parseImportVersion(version: string): { dataDate: string; revision: number } | null {
  const match = /^(\d{4}-\d{2}-\d{2}|undated)\/r(\d+)$/.exec(version);
  return match ? { dataDate: match[1]!, revision: Number(match[2]) } : null;
}

/**
 * Writes a dataset as an upgrade in place: everything it lists is added or renamed under its
 * code; what it no longer lists stays, marked closed. Readings for search are derived here.
 */
export async function importDataset(
  db: Database,
  dataset: StationDataset,
  source: { version: string },
  log: Logger,
): Promise<ImportResult> {
  const started = performance.now();
  log.info(
    {
      source: EKIDATA_SOURCE,
      version: source.version,
      lines: dataset.lines.length,
      groups: dataset.groups.length,
      stations: dataset.stations.length,
    },
    'station import: writing',
  );
  const findReadings = await createReadingFinder(dataset.readings);
  const romanise = await createStationRomaniser(
    dataset.groups.map((group) => group.name),
    findReadings,
  );
  const groups = dataset.groups.map((group) => ({
    ...group,
    nameRomaji: romanise(group.name, group.prefectureId),
  }));
  const romanised = new Map(groups.map((group) => [group.id, group.nameRomaji]));
  await writeDataset(
    db,
    { ...dataset, groups },
    { name: EKIDATA_SOURCE, version: source.version },
    (names) => buildSearchTerms(names, findReadings, romanised),
  );
  await analyzeStationTables(db);
  await refreshStationReadModel(db);
  const ms = Math.round(performance.now() - started);
  log.info({ source: EKIDATA_SOURCE, ms }, 'station import: done');
  return {
    skipped: false,
    groups: dataset.groups.length,
    stations: dataset.stations.length,
    lines: dataset.lines.length,
    ms,
  };
}

/** Reads a 駅データ.jp download (a folder of its CSV files) and imports it. */
export async function importEkidataFolder(
  db: Database,
  dir: string,
  log: Logger,
  options: { version?: string; shinkansenTable?: string } = {},
): Promise<ImportResult> {
  const { files, dataDate } = await readEkidataFolder(dir, options.shinkansenTable);
  const version = formatImportVersion(options.version ?? dataDate);
  return importDataset(db, readEkidataCsv(files), { version }, log);
}

/** The 駅データ.jp download a start imports when the database holds none of its date or newer. */
export interface StationDataSource {
  dir: string;
  dataDate: string;
}

export const BUNDLED_STATION_DATA: StationDataSource = {
  dir: BUNDLED_EKIDATA_DIR,
  dataDate: BUNDLED_DATA_DATE,
};

/**
 * What a start imports: the bundled data, or the download in `STATION_IMPORT_DIR` (its date
 * taken from its station file's name, which must carry one).
 */
export async function stationDataSourceOf(dir: string | undefined): Promise<StationDataSource> {
  if (!dir) return BUNDLED_STATION_DATA;
  const dataDate = await ekidataFolderDate(dir).catch(() => null);
  if (!dataDate)
    throw new Error(
      `STATION_IMPORT_DIR: no station*.csv with a date in its name (station20210312free.csv) in ${dir}`,
    );
  return { dir, dataDate };
}

/**
 * On first start (or on an installation of the previous version), imports the bundled data
 * (or the configured download); later starts find it recorded and do nothing. A newer download
 * imported by hand is never replaced by an older one.
 */
export async function ensureStationData(
  db: Database,
  log: Logger,
  source: StationDataSource = BUNDLED_STATION_DATA,
): Promise<ImportResult> {
  const started = performance.now();
  const previous = await findImport(db, EKIDATA_SOURCE);
  const recorded = previous ? parseImportVersion(previous.version) : null;
  if (previous && recorded && recorded.dataDate !== 'undated') {
    const newerData = recorded.dataDate > source.dataDate;
    if (
      newerData ||
      (recorded.dataDate === source.dataDate && recorded.revision >= IMPORTER_REVISION)
    ) {
      if (recorded.revision < IMPORTER_REVISION)
        log.warn(
          { version: previous.version },
          'station import: the imported data predates this importer; run npm run import:stations on it again',
        );
      return {
        skipped: true,
        groups: previous.groupCount,
        stations: previous.stationCount,
        lines: 0,
        ms: Math.round(performance.now() - started),
      };
    }
  }
  log.info(
    {
      source: EKIDATA_SOURCE,
      version: formatImportVersion(source.dataDate),
      previous: previous?.version,
      ...(source !== BUNDLED_STATION_DATA && { dir: source.dir }),
    },
    source === BUNDLED_STATION_DATA
      ? 'station import: loading the bundled station data'
      : 'station import: loading the station data of STATION_IMPORT_DIR',
  );
  const result = await importEkidataFolder(db, source.dir, log, { version: source.dataDate });
  return { ...result, ms: Math.round(performance.now() - started) };
}
