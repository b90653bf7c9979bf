import { defineConfig } from 'vitest/config';

/** Browser journeys: a real server (built app, embedded database) driven through Chromium. */
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser per file; files run one after another on a 2-core machine.
    fileParallelism: false,
  },
});
