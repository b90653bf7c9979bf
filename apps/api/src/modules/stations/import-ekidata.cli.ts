import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { importEkidataFolder } from './station-import.service.js';

/**
 * npm run import:stations -- --dir <folder of a 駅データ.jp download> [--date YYYY-MM-DD]
 * Upgrades the configured database (DATABASE_URL or DATA_DIR) in place to a newer download in
 * the same layout as the bundled one (company, line, station, join and pref CSV files; their
 * date suffixes do not matter). Stop the server first when it runs on the embedded database.
 */
const usage =
  'usage: npm run import:stations -- --dir <folder with line*.csv, station*.csv, …> [--date YYYY-MM-DD]';

const { values } = parseArgs({
  options: { dir: { type: 'string' }, date: { type: 'string' } },
});
if (!values.dir || (values.date && !/^\d{4}-\d{2}-\d{2}$/.test(values.date))) {
  console.error(usage);
  process.exit(2);
}

const log = {
  info: (fields: object, message?: string) => console.log(message ?? '', JSON.stringify(fields)),
  warn: (fields: object, message?: string) => console.warn(message ?? '', JSON.stringify(fields)),
};

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  // npm runs workspace scripts in apps/api; a relative folder means one from where npm was run.
  const from = process.env.INIT_CWD ?? process.cwd();
  const result = await importEkidataFolder(database.db, path.resolve(from, values.dir), log, {
    version: values.date,
  });
  console.log(
    `imported ${result.lines} lines, ${result.groups} station groups, ${result.stations} stations in ${result.ms} ms`,
  );
} finally {
  await database.close();
}
