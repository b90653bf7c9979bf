import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openPostgres } from '../src/db/database.js';
import * as schema from '../src/db/schema/index.js';
import { ensureStationData } from '../src/modules/stations/station-import.service.js';
import { withFileLock } from './file-lock.js';
import { silentLogger } from './silent-logger.js';

/**
 * The migrated database with the real station data, built once and cloned for every test
 * database and for the browser journeys' server (docs/testing.md#one-import-per-run).
 *
 * Both copies are keyed by a hash of what decides their contents: the migrations, the
 * bundled station data, the schema and the importer. A change to any of them builds a new
 * template; otherwise a run (and the runs after it on the same machine) clone the one there.
 */

const apiDir = path.resolve(import.meta.dirname, '..');
const KEYED_SOURCES = ['migrations', 'station-data', 'src/db/schema', 'src/modules/stations'];

/** Where built templates are kept between runs (outside node_modules, which `npm ci` empties). */
export const templateCacheDir = path.join(os.tmpdir(), 'ekispot-test-templates');

let cachedKey: Promise<string> | undefined;

/** 16 hex digits of a hash over every file that decides the template's contents. */
export function templateKey(): Promise<string> {
  cachedKey ??= (async () => {
    const hash = createHash('sha256');
    for (const folder of KEYED_SOURCES) {
      const entries = await fs.readdir(path.join(apiDir, folder), {
        recursive: true,
        withFileTypes: true,
      });
      const files = entries
        .filter((entry) => entry.isFile() && !/\.test\.ts$/.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .sort();
      for (const file of files) {
        hash.update(path.relative(apiDir, file));
        hash.update(await fs.readFile(file));
      }
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return cachedKey;
}

/**
 * A gzip dump of a PGlite data folder holding the template (`PGlite.create({ loadDataDir })`
 * opens a copy of it). Several Vitest projects and the journeys ask at once: a file lock
 * lets one build while the others wait, then they all read the same file.
 */
export async function pgliteTemplate(): Promise<string> {
  const key = await templateKey();
  await fs.mkdir(templateCacheDir, { recursive: true });
  const dumpPath = path.join(templateCacheDir, `pglite-${key}.tar.gz`);
  return withFileLock(path.join(templateCacheDir, 'pglite.lock'), async () => {
    if (await exists(dumpPath)) return dumpPath;
    const client = await PGlite.create();
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    await ensureStationData(db, silentLogger);
    const dump = await client.dumpDataDir('gzip');
    await client.close();
    // Written under another name first: a reader never sees half a file.
    const partial = `${dumpPath}.${process.pid}.partial`;
    await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(partial, dumpPath);
    await removeOtherVersions(key);
    return dumpPath;
  });
}

/**
 * A PGlite data folder at `dataDir` (as the server's `DATA_DIR/pg`) holding the template:
 * a copy of a folder made once from the dump (unpacking takes seconds, copying a fraction).
 */
export async function writePgliteDataDir(dataDir: string): Promise<void> {
  const dumpPath = await pgliteTemplate();
  const folder = dumpPath.replace(/\.tar\.gz$/, '.dir');
  if (!(await exists(folder))) {
    const partial = `${folder}.${process.pid}.partial`;
    await fs.rm(partial, { recursive: true, force: true });
    await fs.mkdir(partial, { recursive: true });
    const dump = await fs.readFile(dumpPath);
    const client = await PGlite.create({ dataDir: partial, loadDataDir: new Blob([dump]) });
    await client.close();
    // Another run may have finished first: either folder is whole.
    await fs.rename(partial, folder).catch(() => fs.rm(partial, { recursive: true, force: true }));
  }
  await copyFolder(folder, dataDir);
}

/** Copies a folder's files all at once (fs.cp goes one file at a time: seconds, not tenths). */
async function copyFolder(from: string, to: string) {
  const entries = await fs.readdir(from, { recursive: true, withFileTypes: true });
  const relative = (entry: { parentPath: string; name: string }) =>
    path.relative(from, path.join(entry.parentPath, entry.name));
  await fs.mkdir(to, { recursive: true });
  for (const entry of entries.filter((item) => item.isDirectory())) {
    await fs.mkdir(path.join(to, relative(entry)), { recursive: true });
  }
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        fs.copyFile(path.join(from, relative(entry)), path.join(to, relative(entry))),
      ),
  );
}

/**
 * Templates of other sources are removed once a few newer ones exist: runs of different
 * checkouts (or branches) on one machine may still be copying theirs.
 */
const KEPT_OTHER_VERSIONS = 4;

async function removeOtherVersions(key: string) {
  const names = await fs.readdir(templateCacheDir);
  const dumps = names.filter(
    (name) => /^pglite-[0-9a-f]{16}\.tar\.gz$/.test(name) && !name.includes(key),
  );
  const dated = await Promise.all(
    dumps.map(async (name) => ({
      name,
      at: (await fs.stat(path.join(templateCacheDir, name))).mtimeMs,
    })),
  );
  const old = dated.sort((a, b) => b.at - a.at).slice(KEPT_OTHER_VERSIONS);
  await Promise.all(
    old.flatMap(({ name }) =>
      [name, name.replace(/\.tar\.gz$/, '.dir')].map((file) =>
        fs.rm(path.join(templateCacheDir, file), { recursive: true, force: true }),
      ),
    ),
  );
}

const TEMPLATE_LOCK_KEY = 7_340_099;

/**
 * The name of a PostgreSQL database holding the template on the server of `adminUrl`,
 * built under a temporary name and renamed when complete, so a database of that name is
 * always whole. An advisory lock makes concurrent runs build it once.
 */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const key = await templateKey();
  const name = `ekispot_tpl_${key}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const handle = await openPostgres(withDatabase(adminUrl, building));
    try {
      await ensureStationData(handle.db, silentLogger);
    } finally {
      await handle.close();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    // Templates of other sources are dropped once a few newer ones exist (newest by oid).
    const stale = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'ekispot\\_tpl\\_%' and datname <> $1
       order by oid desc offset ${KEPT_OTHER_VERSIONS}`,
      [name],
    );
    for (const { datname } of stale.rows) {
      await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
