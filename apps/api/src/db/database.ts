import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { narrowModes } from './data-dir.js';
import { nameStatementsOf } from './named-statements.js';
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

/** Advisory lock keys for one-time work at start (docs/deploy.md#starting-together). */
export const LOCK_KEYS = { migrations: MIGRATION_LOCK_KEY, stationImport: 7_340_002 } as const;

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
 * The lock file is refreshed while we run and counts as stale 10 s after a crash. Beside it
 * we note which process holds it, so that a restart right after a crash (kill -9, power loss
 * of a container) can take over a lock whose process is gone instead of waiting those 10 s.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await fs.mkdir(dir, { recursive: true });
  try {
    return await takeDataDirLock(dir);
  } catch (error) {
    if (!isLockedError(error)) throw error;
    const owner = await readLockOwner(dir);
    if (!owner || owner.host !== os.hostname() || isProcessAlive(owner.pid)) {
      throw new DataDirLockedError(dir);
    }
    process.emitWarning(
      `Taking over the lock of the data folder ${dir}: its process ${owner.pid} is no longer running.`,
    );
    await fs.rm(lockPath(dir), { recursive: true, force: true });
    try {
      return await takeDataDirLock(dir);
    } catch (retryError) {
      // Another process won the race for the freed lock.
      throw isLockedError(retryError) ? new DataDirLockedError(dir) : retryError;
    }
  }
}

const lockPath = (dir: string) => `${dir}.lock`;
const ownerPath = (dir: string) => `${dir}.lock-owner.json`;

async function takeDataDirLock(dir: string): Promise<() => Promise<void>> {
  const release = await lockfile.lock(dir, {
    lockfilePath: lockPath(dir),
    stale: 10_000,
    update: 2_000,
    realpath: false,
    onCompromised: (error) => {
      throw error;
    },
  });
  const owner: LockOwner = { pid: process.pid, host: os.hostname() };
  await fs.writeFile(ownerPath(dir), JSON.stringify(owner));
  return async () => {
    await fs.rm(ownerPath(dir), { force: true });
    await release();
  };
}

interface LockOwner {
  pid: number;
  host: string;
}

async function readLockOwner(dir: string): Promise<LockOwner | undefined> {
  try {
    const owner = JSON.parse(await fs.readFile(ownerPath(dir), 'utf8')) as Partial<LockOwner>;
    return Number.isSafeInteger(owner.pid) && typeof owner.host === 'string'
      ? { pid: owner.pid as number, host: owner.host }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a process still runs. A zombie (killed, not yet reaped by its parent: in a container
 * without an init that can last) answers signal 0 like a live one, so on Linux its state in
 * `/proc/<pid>/stat` decides: Z (zombie) or X (dead) is not running.
 */
function isProcessAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return !(error instanceof Error && 'code' in error && error.code === 'ESRCH');
  }
  return !['Z', 'X'].includes(processState(pid) ?? '');
}

/** The state letter of `/proc/<pid>/stat` (after the command name in brackets), where there is one. */
function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

const isLockedError = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'ELOCKED';

export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const release = dataDir ? await lockDataDir(dataDir) : undefined;
  try {
    const client = await PGlite.create(dataDir ? { dataDir } : {});
    // PGlite gives the files of the database it unpacks into a fresh folder mode 0666 (chmod,
    // past the umask): they become the owner's alone (docs/security.md#the-data-folder). The
    // files PostgreSQL makes from then on are 0600 by its own rule.
    if (dataDir) await narrowModes(dataDir);
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
  const onConnectionError =
    options.onIdleError ??
    ((error: Error) => process.emitWarning(`PostgreSQL closed a connection: ${error.message}`));
  pool.on('error', onConnectionError);
  // So can one in use, between the statements of a transaction (or by `query_timeout`, which
  // cuts a stalled one): the statement in flight fails and the pool discards the connection
  // on release, but the client itself reports it too, and nothing else listens there.
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
    // Each query text is planned once per connection, not on every request (db/named-statements.ts).
    nameStatementsOf(client);
  });
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
      await lockClient.query('select pg_advisory_lock($1)', [LOCK_KEYS.migrations]);
      await migrateNodePg(drizzleNodePg(lockClient, { schema }), { migrationsFolder });
      await lockClient.query('select pg_advisory_unlock($1)', [LOCK_KEYS.migrations]);
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

/**
 * Runs `work` while holding a PostgreSQL advisory lock on a connection of its own (no
 * statement or idle timeouts, which a long import would trip), so instances starting together
 * do one-time work one after the other: the first does it, the next find it done. PGlite is
 * one process per folder already (the data-folder lock), so nothing is taken there.
 */
export async function withStartupLock<T>(
  databaseUrl: string | undefined,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    await client.end();
  }
}
