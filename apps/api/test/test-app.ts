import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDependencies } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openPostgres, type DatabaseHandle } from '../src/db/database.js';
import * as schema from '../src/db/schema/index.js';
import { createLocalImageStorage } from '../src/modules/images/image-storage.js';
import { withDatabase } from './global-setup.js';

export const testDriver = inject('testDriver');

/**
 * A PostgreSQL database of its own on the run's server, copied from `template` (`template0`
 * for an empty one): its URL, and `drop`, which also ends its connections.
 */
export async function createScratchPostgres(
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('testDatabaseUrl');
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for a PostgreSQL database');
  const name = `ekispot_test_${randomUUID().replaceAll('-', '')}`;
  // FILE_COPY copies the template's files instead of writing all of it to the WAL (PostgreSQL
  // 15's default): about half the CPU per database; the API project took 128–144 instead of
  // 143–152 core-seconds (docs/testing.md#one-import-per-run).
  await queryOnce(adminUrl, `create database ${name} template ${template} strategy file_copy`);
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      await queryOnce(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** One statement on a connection of its own (opened and closed around it). */
export async function queryOnce<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A fresh database for one test file, copied from the run's template (real PostgreSQL either way). */
export async function createTestDatabase(
  options: {
    /** Rewrites the connection URL (e.g. to go through a proxy the test controls). */
    connectVia?: (url: string) => string;
    timeoutMs?: number;
  } = {},
): Promise<DatabaseHandle> {
  if (testDriver === 'postgres') {
    const template = inject('postgresTemplate');
    if (!template) throw new Error('TEST_DATABASE_URL is required for the postgres test driver');
    const scratch = await createScratchPostgres(template);
    // Dropping the database at the end terminates its connections; that is expected here.
    const handle = await openPostgres(options.connectVia?.(scratch.url) ?? scratch.url, {
      onIdleError: () => {},
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await scratch.drop();
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return { db: drizzle(client, { schema }), driver: 'pglite', close: () => client.close() };
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Tests never reach the network: the offline basemap only.
    MAP_TILE_URL: 'off',
    // argon2id at 64 KiB instead of 19 MiB: same code, a fraction of the time (the cost is
    // read from each hash, so verifying still works on hashes of any cost). A test of
    // production settings keeps production's cost, the only one production accepts.
    ...(overrides.NODE_ENV !== 'production' && { PASSWORD_HASH_MEMORY_KIB: '64' }),
    // A request's deadline (15 s in production) is a bound here, not what a test judges: on a
    // busy machine running the journeys beside these tests, a slow answer is still an answer.
    // The deadline itself is tested with its own value (test/hardening/database-stall.test.ts).
    REQUEST_TIMEOUT_MS: '60000',
    // Every test member signed up a moment ago, so the limits for new accounts would meet most
    // tests first; they are tested with their own values (modules/newcomers/newcomers.test.ts).
    NEWCOMER_POSTS_PER_HOUR: '1000',
    NEWCOMER_COMMENTS_PER_HOUR: '1000',
    NEWCOMER_LINKS_PER_HOUR: '1000',
    ...overrides,
  });
}

/**
 * The whole app on a fresh database, with uploads in a temporary folder that `close` removes.
 * `storage` is that folder's image storage, for tests that check files come and go.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  deps: Pick<AppDependencies, 'redis' | 'imageStorage' | 'clock' | 'wait' | 'logStream'> & {
    database?: DatabaseHandle;
  } = {},
) {
  const database = deps.database ?? (await createTestDatabase());
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-test-'));
  const imagesDir = path.join(dataDir, 'images');
  const storage = deps.imageStorage ?? createLocalImageStorage(imagesDir);
  const app = await buildApp(testConfig({ DATA_DIR: dataDir, ...overrides }), {
    db: database.db,
    imageStorage: storage,
    ...(deps.redis && { redis: deps.redis }),
    ...(deps.clock && { clock: deps.clock }),
    ...(deps.wait && { wait: deps.wait }),
    ...(deps.logStream && { logStream: deps.logStream }),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    storage,
    /** The local image storage's folder (when no other storage was given). */
    storageRoot: imagesDir,
    /** How many files the image storage holds (each image is two: full and thumb). */
    countImageFiles: async () => {
      const entries = await fs
        .readdir(imagesDir, { recursive: true, withFileTypes: true })
        .catch(() => []);
      return entries.filter((entry) => entry.isFile()).length;
    },
    close: async () => {
      await app.close();
      // A database given by the caller is the caller's to close.
      if (!deps.database) await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
