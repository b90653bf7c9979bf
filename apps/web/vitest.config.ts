import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const sharedSource = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@ekispot/shared': sharedSource } },
  define: { __BUILD_ID__: JSON.stringify('test') },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'happy-dom',
    // Each file in its own VM context (isolated as in a fresh process) while jsdom and the
    // libraries load once per worker: about 35 s for the project instead of 130 s.
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    // DOM renders with MUI are slow on a busy 2-core machine; a real hang still fails.
    testTimeout: 30_000,
  },
});
