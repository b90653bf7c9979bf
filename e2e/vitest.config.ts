import { defineConfig } from 'vitest/config';

/** Browser journeys: a real server (built app, embedded database) driven through Chromium. */
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    // expect.poll's bound (1 s by default) is short for a browser on a busy machine; a poll ends
    // as soon as its condition holds.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // One browser per file, one file at a time: two software-rendered Chromiums on two cores
    // took longer in all (398 s against about 230 s) and made timing-bound waits flaky.
    // Each file still acts as members of its own (support/roster.ts).
    fileParallelism: false,
  },
});
