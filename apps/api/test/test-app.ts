import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openPostgres, type DatabaseHandle } from '../src/db/database.js';
import * as schema from '../src/db/schema/index.js';
import { withDatabase } from './global-setup.js';

export const testDriver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

/** A fresh database for one test file, copied from the run's template (real PostgreSQL either way). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDriver === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const template = inject('postgresTemplate');
    if (!adminUrl || !template)
      throw new Error('TEST_DATABASE_URL is required for the postgres test driver');
    const name = `ekispot_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const handle = await openPostgres(withDatabase(adminUrl, name));
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
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
    ...overrides,
  });
}

export async function createTestApp(overrides: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(overrides), { db: database.db });
  await app.ready();
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
