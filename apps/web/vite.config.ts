import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildIdPlugin } from './build-id-plugin';
import { precompressPlugin } from './precompress-plugin';

const sharedSource = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));
const buildId = process.env.EKISPOT_BUILD_ID ?? `${Date.now().toString(36)}`;

export default defineConfig(({ command }) => ({
  plugins: [react(), buildIdPlugin(buildId), precompressPlugin()],
  resolve: { alias: { '@ekispot/shared': sharedSource } },
  define: { __BUILD_ID__: JSON.stringify(command === 'build' ? buildId : 'dev') },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by the server to announce the top page's chunks in its HTML (apps/api/src/plugins/top-page-preload.ts).
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
}));
