import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { EKIDATA_SOURCE, readEkidataCsv } from './ekidata.source.js';
import { ensureStationData, importDataset } from './station-import.service.js';

/**
 * npm run import:stations -- --lines line20250101free.csv --stations station20250101free.csv
 * Brings fresher 駅データ.jp data into the configured database (DATABASE_URL or DATA_DIR).
 * Stop the server first when it runs on the embedded database.
 */
const usage = 'usage: npm run import:stations -- --lines <line CSV> --stations <station CSV>';

const { values } = parseArgs({
  options: { lines: { type: 'string' }, stations: { type: 'string' } },
});
if (!values.lines || !values.stations) {
  console.error(usage);
  process.exit(2);
}

const log = {
  info: (fields: object, message?: string) => console.log(message ?? '', JSON.stringify(fields)),
  warn: (fields: object, message?: string) => console.warn(message ?? '', JSON.stringify(fields)),
};

const config = loadConfig();
const [lineCsv, stationCsv] = await Promise.all([
  fs.readFile(path.resolve(values.lines), 'utf8'),
  fs.readFile(path.resolve(values.stations), 'utf8'),
]);
const dataset = readEkidataCsv({ lineCsv, stationCsv });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  // The bundled data goes first so prefectures and English names exist.
  await ensureStationData(database.db, log);
  const version = path.basename(values.stations);
  const result = await importDataset(database.db, dataset, { name: EKIDATA_SOURCE, version }, log);
  console.log(
    `imported ${result.lines} lines, ${result.groups} station groups, ${result.stations} stations in ${result.ms} ms`,
  );
} finally {
  await database.close();
}
