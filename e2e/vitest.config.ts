import { defineConfig } from 'vitest/config';

/** Browser journeys: a real server (built app, embedded database) driven through Chromium. */
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser per file, two files at a time: while one waits on the server or an
    // animation, the other runs. Each file acts as members of its own (support/roster.ts).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
