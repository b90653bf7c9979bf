import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Either driver: both are real PostgreSQL, so the code above this line never branches. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATION_LOCK_KEY = 7_340_001;

export const migrationsFolder = path.resolve(import.meta.dirname, '../../migrations');

export class DataDirLockedError extends Error {
  constructor(readonly dir: string) {
    super(
      `The data folder ${dir} is in use by another running Ekispot process. ` +
        'Stop that process, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * PGlite takes no lock of its own: two processes on one folder would corrupt it.
 * The lock file is refreshed while we run and counts as stale 10 s after a crash.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await fs.mkdir(dir, { recursive: true });
  try {
    return await lockfile.lock(dir, {
      lockfilePath: `${dir}.lock`,
      stale: 10_000,
      update: 2_000,
      realpath: false,
      onCompromised: (error) => {
        throw error;
      },
    });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ELOCKED') {
      throw new DataDirLockedError(dir);
    }
    throw error;
  }
}

export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const release = dataDir ? await lockDataDir(dataDir) : undefined;
  try {
    const client = await PGlite.create(dataDir ? { dataDir } : {});
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      driver: 'pglite',
      close: async () => {
        await client.close();
        await release?.();
      },
    };
  } catch (error) {
    await release?.();
    throw error;
  }
}

export async function openPostgres(
  connectionString: string,
  options: { onIdleError?: (error: Error) => void } = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 20 });
  // An idle connection can be cut (server restart, failover, an administrator): the pool
  // drops it and the next query opens a new one. Unhandled, the event would end the process.
  pool.on(
    'error',
    options.onIdleError ??
      ((error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`)),
  );
  const db = drizzleNodePg(pool, { schema });
  // Several instances may start at once: one migrates while the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(db, { migrationsFolder });
  } catch (error) {
    lockClient.release();
    await pool.end();
    throw error;
  }
  await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  lockClient.release();
  return { db, driver: 'postgres', close: () => pool.end() };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(path.join(options.dataDir, 'pg'));
}
