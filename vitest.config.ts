import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedSource = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));

function apiProject(name: string, driver: 'pglite' | 'postgres', databaseUrl?: string) {
  return {
    extends: true,
    test: {
      name,
      root: 'apps/api',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      globalSetup: ['test/global-setup.ts'],
      env: { TEST_DB_DRIVER: driver, ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}) },
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  } as const;
}

/** Unit and API integration tests. Browser journeys live in e2e/ with their own config. */
export default defineConfig({
  resolve: { alias: { '@ekispot/shared': sharedSource } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] },
      },
      apiProject('api', 'pglite'),
      // The same suite on a real PostgreSQL server when one is given.
      ...(process.env.TEST_DATABASE_URL
        ? [apiProject('api-pg', 'postgres', process.env.TEST_DATABASE_URL)]
        : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
