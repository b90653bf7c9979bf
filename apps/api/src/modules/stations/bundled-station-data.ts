import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { EkidataFiles } from './ekidata.source.js';

/**
 * The station data shipped with the app (`apps/api/station-data/`, see its README): 駅データ.jp's
 * free data of 2021-03-12, gzip-compressed and otherwise unchanged, and the Shinkansen table.
 */

export const STATION_DATA_DIR = path.resolve(import.meta.dirname, '../../../station-data');
export const BUNDLED_EKIDATA_DIR = path.join(STATION_DATA_DIR, 'ekidata-2021-03-12');
export const BUNDLED_DATA_DATE = '2021-03-12';
export const SHINKANSEN_TABLE = path.join(STATION_DATA_DIR, 'shinkansen.csv');
/** Next to the table: where the stations only the Shinkansen serves are. */
const SHINKANSEN_POSITIONS = 'shinkansen-positions.csv';

const FILES = ['company', 'line', 'station', 'join', 'pref'] as const;
type FileKind = (typeof FILES)[number];

async function readText(file: string): Promise<string> {
  const buffer = await fs.readFile(file);
  return (file.endsWith('.gz') ? gunzipSync(buffer) : buffer).toString('utf8');
}

/**
 * Finds the files of a 駅データ.jp download in a folder, whatever their date suffix
 * (`station20250101free.csv`, `line.csv.gz`, …). Line and station files are required.
 */
export async function readEkidataFolder(
  dir: string,
  shinkansenTable: string | null = SHINKANSEN_TABLE,
): Promise<{ files: EkidataFiles; dataDate: string | null }> {
  const names = await fs.readdir(dir);
  const found = new Map<FileKind, string>();
  for (const kind of FILES) {
    const name = names
      .filter((candidate) => new RegExp(`^${kind}[^.]*\\.csv(\\.gz)?$`, 'i').test(candidate))
      .sort()
      .at(-1);
    if (name) found.set(kind, path.join(dir, name));
  }
  const read = async (kind: FileKind) => {
    const file = found.get(kind);
    return file ? readText(file) : undefined;
  };
  const positionsFile = shinkansenTable
    ? path.join(path.dirname(shinkansenTable), SHINKANSEN_POSITIONS)
    : null;
  const [companyCsv, lineCsv, stationCsv, joinCsv, prefCsv, shinkansenCsv, shinkansenPositionsCsv] =
    await Promise.all([
      read('company'),
      read('line'),
      read('station'),
      read('join'),
      read('pref'),
      shinkansenTable ? readText(shinkansenTable) : undefined,
      positionsFile ? readText(positionsFile).catch(() => undefined) : undefined,
    ]);
  if (!lineCsv || !stationCsv)
    throw new Error(`${dir}: no line*.csv or station*.csv of 駅データ.jp found`);
  return {
    files: {
      companyCsv,
      lineCsv,
      stationCsv,
      joinCsv,
      prefCsv,
      shinkansenCsv,
      shinkansenPositionsCsv,
    },
    dataDate: dataDateOf(path.basename(found.get('station') ?? '')),
  };
}

/** The date of a 駅データ.jp download in a folder, from its station file's name; null: none. */
export async function ekidataFolderDate(dir: string): Promise<string | null> {
  const names = (await fs.readdir(dir)).filter((name) => /^station[^.]*\.csv(\.gz)?$/i.test(name));
  return dataDateOf(names.sort().at(-1) ?? '');
}

/** `station20250101free.csv` → `2025-01-01`; null when the name carries no date. */
export function dataDateOf(fileName: string): string | null {
  const match = /(20\d{2})(\d{2})(\d{2})/.exec(fileName);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}
