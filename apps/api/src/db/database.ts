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

export interface PostgresOptions {
  onIdleError?: (error: Error) => void;
  /**
   * Fail fast when the server stalls: a connection must open, and every statement finish,
   * within this time (server-side `statement_timeout`, and a client-side read timeout for a
   * server that does not answer at all). Unset: no limit (imports, tools).
   */
  timeoutMs?: number;
}

export async function openPostgres(
  connectionString: string,
  options: PostgresOptions = {},
): Promise<DatabaseHandle> {
  await migratePostgres(connectionString);
  const { timeoutMs } = options;
  const pool = new pg.Pool({
    connectionString,
    max: 20,
    keepAlive: true,
    ...(timeoutMs && {
      connectionTimeoutMillis: timeoutMs,
      statement_timeout: timeoutMs,
      // A little later than the server's own limit, for a server that is not answering.
      query_timeout: timeoutMs + 1_000,
      idle_in_transaction_session_timeout: timeoutMs * 2,
    }),
  });
  // An idle connection can be cut (server restart, failover, an administrator): the pool
  // drops it and the next query opens a new one. Unhandled, the event would end the process.
  pool.on(
    'error',
    options.onIdleError ??
      ((error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`)),
  );
  const db = drizzleNodePg(pool, { schema });
  return { db, driver: 'postgres', close: () => pool.end() };
}

/**
 * Migrations run on a connection of their own, without the request timeouts (building an
 * index may take a while). Several instances may start at once: one migrates while the
 * others wait.
 */
async function migratePostgres(connectionString: string): Promise<void> {
  const pool = new pg.Pool({ connectionString, max: 1 });
  pool.on('error', () => undefined);
  try {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrateNodePg(drizzleNodePg(lockClient, { schema }), { migrationsFolder });
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    } finally {
      lockClient.release();
    }
  } finally {
    await pool.end();
  }
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  timeoutMs?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, {
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    });
  return openPglite(path.join(options.dataDir, 'pg'));
}
