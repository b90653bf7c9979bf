import type { TestProject } from 'vitest/node';
import { pgliteTemplate, postgresTemplate } from './db-template.js';

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
 * Finds (or builds once) the migrated database with the real station data; each test file
 * starts from a copy of it (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE … TEMPLATE).
 * See apps/api/test/db-template.ts.
 */
export default async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
  const adminUrl = project.config.env?.TEST_DATABASE_URL;
  project.provide('testDriver', driver);
  project.provide('testDatabaseUrl', adminUrl ?? null);
  // Both at once (one import is mostly this process, the other mostly PostgreSQL's): the
  // PGlite dump also serves the PGlite project and the browser journeys after this one.
  const [pglite, postgres] = await Promise.all([
    pgliteTemplate(),
    adminUrl && driver === 'postgres' ? postgresTemplate(adminUrl) : null,
  ]);
  project.provide('pgliteTemplate', pglite);
  project.provide('postgresTemplate', postgres);
}

export { withDatabase } from './db-template.js';
