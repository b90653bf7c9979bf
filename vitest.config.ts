import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedSource = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));
const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

const API_TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * The heavy hardening cases: every operation fuzzed, two server processes behind a proxy.
 * `npm test` runs them with few fuzz runs per operation (FUZZ_RUNS); `npm run test:hardening`
 * runs them in full (docs/testing.md#projects).
 */
const HARDENING = [
  'test/hardening/openapi-fuzz.test.ts',
  'test/hardening/image-crash.test.ts',
  'test/two-instances.test.ts',
];

/** Tests that open PGlite themselves, whatever the driver: they run once, with PGlite. */
const PGLITE_ONLY = [
  'src/db/data-dir.test.ts',
  'src/db/database.test.ts',
  'src/modules/stations/station-import.test.ts',
];

/**
 * With PostgreSQL given, the suite runs there (production's database) and PGlite runs the
 * tests of what differs on it: embedded start-up and health, driver errors, the read model's
 * load, a stalled database (one connection held), and concurrent writes on its one connection.
 */
const PGLITE_SUBSET = [
  ...PGLITE_ONLY,
  'test/app.test.ts',
  'test/hardening/database-stall.test.ts',
  'src/lib/db-errors.test.ts',
  'src/modules/health/health.test.ts',
  'src/modules/stations/station-read-model.test.ts',
  'src/modules/stations/station-upgrade.test.ts',
  // Rides: the cases run on both databases (docs/rides.md).
  'src/modules/rides/rides.routes.test.ts',
  // PL/pgSQL triggers keep the notification groups: on the embedded database as well.
  'src/modules/notifications/notification-groups.test.ts',
  // Japanese search runs on its own tokens and a plain GIN index: C locale, no ICU on PGlite.
  'src/modules/search/search.routes.test.ts',
];

/**
 * Writes that race: on PGlite's one connection they queue where PostgreSQL runs them side by
 * side, so PGlite runs these files' concurrency tests (the rest of each file runs on
 * PostgreSQL only).
 */
const PGLITE_RACES = {
  include: [
    'src/modules/mail/mail-outbox.test.ts',
    'src/modules/posts/reactions.routes.test.ts',
    'src/modules/posts/comments.routes.test.ts',
    'src/modules/lists/lists.routes.test.ts',
  ],
  testNamePattern: /concurren/,
};

/** Fuzz runs per operation in `npm test`; `npm run test:hardening` sets 30. */
const FUZZ_RUNS = process.env.FUZZ_RUNS || '6';

function apiProject(
  name: string,
  driver: 'pglite' | 'postgres',
  files: { include: string[]; exclude?: string[]; testNamePattern?: RegExp },
) {
  return {
    extends: true,
    test: {
      name,
      root: 'apps/api',
      include: files.include,
      exclude: files.exclude ?? [],
      ...(files.testNamePattern && { testNamePattern: files.testNamePattern }),
      globalSetup: ['test/global-setup.ts'],
      env: {
        TEST_DB_DRIVER: driver,
        FUZZ_RUNS,
        ...(driver === 'postgres' && postgresUrl ? { TEST_DATABASE_URL: postgresUrl } : {}),
      },
      testTimeout: 30_000,
      hookTimeout: 120_000,
      // Files share a worker's loaded modules instead of each starting a process that loads
      // Fastify, the AWS SDK, sharp… again (about 2.5 s a file). Each file still has its own
      // database and app; the API keeps no state between apps but per-database caches
      // (docs/testing.md#projects).
      isolate: false,
    },
  } as const;
}

/** Unit and API integration tests. Browser journeys live in e2e/ with their own config. */
export default defineConfig({
  resolve: { alias: { '@ekispot/shared': sharedSource } },
  test: {
    // Vitest's default on two cores is one worker; the API tests wait on PostgreSQL much of the
    // time, so more files at once use the machine (docs/testing.md#ci-stages).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS || 3),
    projects: [
      {
        extends: true,
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] },
      },
      // The lint rules of tools/ (layers, import cycles).
      { extends: true, test: { name: 'tools', root: 'tools', include: ['*.test.js'] } },
      ...(postgresUrl
        ? [
            apiProject('api', 'postgres', {
              include: API_TESTS,
              exclude: [...HARDENING, ...PGLITE_ONLY],
            }),
            apiProject('api-pglite', 'pglite', { include: PGLITE_SUBSET }),
            apiProject('api-pglite-races', 'pglite', PGLITE_RACES),
            apiProject('hardening', 'postgres', { include: HARDENING }),
          ]
        : [
            // No PostgreSQL here: everything on PGlite (the two-instance test then skips).
            apiProject('api', 'pglite', { include: API_TESTS, exclude: HARDENING }),
            apiProject('hardening', 'pglite', { include: HARDENING }),
          ]),
      'apps/web/vitest.config.ts',
    ],
  },
});
