import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildIdPlugin } from './build-id-plugin';
import { precompressPlugin } from './precompress-plugin';
import { serviceWorkerPlugin } from './service-worker-plugin';
import { webManifestPlugin } from './web-manifest-plugin';

const sharedSource = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));
const FRAMEWORK_MODULES = packages([
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  '@tanstack',
  '@emotion',
  '@mui/system',
  '@mui/utils',
  '@mui/styled-engine',
  '@mui/private-theming',
  'stylis',
  '@babel/runtime',
  'prop-types',
  'react-is',
  'hoist-non-react-statics',
  'clsx',
]);
/** The MUI parts of the header, the footer and the map's controls, used across pages. */
const MUI_BASE_MODULES = new RegExp(
  `${packages(['react-transition-group', '@popperjs']).source}|node_modules/@mui/material/(${[
    'styles',
    'utils',
    'internal',
    'colors',
    'transitions',
    'zero-styled',
    'DefaultPropsProvider',
    'useMediaQuery',
    'useSlot',
    'SvgIcon',
    'ButtonBase',
    'Button',
    'IconButton',
    'Typography',
    'Paper',
    'Container',
    'Stack',
    'Box',
    'Portal',
    'Grow',
    'Fade',
    'List',
    'ListItem',
    'ListItemButton',
    'ListItemText',
    'ListItemIcon',
    'Divider',
    'Toolbar',
    'AppBar',
    'Badge',
    'Link',
    'CircularProgress',
    'Switch',
    'SwitchBase',
  ].join('|')})/`,
);

/** Module ids inside these npm packages (Vite gives module ids with forward slashes). */
function packages(names: string[]): RegExp {
  return new RegExp(`node_modules/(${names.join('|')})/`);
}

const buildId = process.env.EKISPOT_BUILD_ID ?? `${Date.now().toString(36)}`;

/**
 * The server render's bundle (`vite build --ssr`, docs/architecture.md#server-rendering): one
 * file with every package inlined, which the API server imports; none of the browser build's
 * extras (service worker, manifest, compressed copies).
 */
const serverBuild = (mode: string) =>
  defineConfig({
    plugins: [react()],
    resolve: { alias: { '@ekispot/shared': sharedSource } },
    define: {
      __BUILD_ID__: JSON.stringify(buildId),
      // React's production build on the server too (whatever NODE_ENV the server runs with),
      // unless built with --mode development to read React's full hydration messages.
      'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production'),
    },
    publicDir: false,
    ssr: { noExternal: true },
    build: {
      outDir: 'dist-ssr',
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: { input: 'src/app/entry-server.tsx' },
    },
  });

export default defineConfig(({ command, mode, isSsrBuild }) =>
  isSsrBuild
    ? serverBuild(mode)
    : {
        plugins: [
          react(),
          buildIdPlugin(buildId),
          webManifestPlugin(),
          serviceWorkerPlugin(),
          precompressPlugin({
            brotliQuality: brotliQualityFromEnv(process.env.BUILD_BROTLI_QUALITY),
          }),
        ],
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
          // Every page needs the framework and MUI's common parts: as two files instead of ~40 small
          // shared chunks, a first visit makes fewer requests and sends fewer headers
          // (docs/basemap.md#first-visit). What only some pages use keeps Vite's own splitting.
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'mui-base', test: MUI_BASE_MODULES },
                  { name: 'framework', test: FRAMEWORK_MODULES },
                ],
              },
            },
          },
        },
      },
);

/** BUILD_BROTLI_QUALITY (0–11) for a faster build of the same app; unset: 11. */
function brotliQualityFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const quality = Number(value);
  if (!Number.isInteger(quality) || quality < 0 || quality > 11)
    throw new Error(`BUILD_BROTLI_QUALITY must be a whole number from 0 to 11 (got "${value}")`);
  return quality;
}
