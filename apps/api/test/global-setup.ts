import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openPostgres } from '../src/db/database.js';
import * as schema from '../src/db/schema/index.js';
import { ensureStationData } from '../src/modules/stations/station-import.service.js';
import { silentLogger } from './silent-logger.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
    /** Which database this project's tests run on, and the server they copy it on. */
    testDriver: 'pglite' | 'postgres';
    testDatabaseUrl: string | null;
  }
}

/**
 * Builds one migrated database with the real station data per test run; each test file
 * starts from a copy of it (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-test-'));
  const dumpPath = path.join(dir, 'template.tar.gz');

  const client = await PGlite.create();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  await ensureStationData(db, silentLogger);
  const dump = await client.dumpDataDir('gzip');
  await fs.writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', dumpPath);

  const adminUrl = project.config.env?.TEST_DATABASE_URL;
  project.provide('testDriver', driver);
  project.provide('testDatabaseUrl', adminUrl ?? null);
  let templateName: string | null = null;
  if (adminUrl && driver === 'postgres') {
    templateName = `ekispot_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const handle = await openPostgres(withDatabase(adminUrl, templateName));
    await ensureStationData(handle.db, silentLogger);
    await handle.close();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    if (adminUrl && templateName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
