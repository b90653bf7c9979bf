import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import type { Plugin } from 'vite';
import { webManifestMessages } from './src/config/messages/install';
import { offlinePageMessages } from './src/config/messages/pwa';
import { THEME_COLORS } from './src/lib/theme-colors';
import { renderOfflinePage } from './src/sw/offline-page';

export interface PrecacheEntry {
  url: string;
  /** null for a hashed file (its name changes with its content). */
  revision: string | null;
}

/** Files of the bundle the worker precaches: the app's code, its shell and what the map needs offline. */
const PRECACHED = [
  /^assets\/.+\.(js|css|woff2?)$/,
  /^index\.html$/,
  /^offline\.html$/,
  /^manifest\.webmanifest$/,
  /^icons\/icon-192\.png$/,
];
/** Files of `public/` precached: the offline basemap (docs/basemap.md#offline-layer), the favicon. */
const PRECACHED_PUBLIC = [/^basemap\/.+\.json$/, /^favicon\.svg$/];

const revisionOf = (source: string | Uint8Array) =>
  createHash('sha256').update(source).digest('hex').slice(0, 16);

/** The precache list: hashed assets by name alone, other files with a hash of their content. */
export function precacheEntries(files: ReadonlyMap<string, string | Uint8Array>): PrecacheEntry[] {
  const entries: PrecacheEntry[] = [];
  for (const [name, source] of files) {
    if (!PRECACHED.some((pattern) => pattern.test(name))) continue;
    const hashed = name.startsWith('assets/');
    entries.push({ url: `/${name}`, revision: hashed ? null : revisionOf(source) });
  }
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

async function publicEntries(publicDir: string): Promise<PrecacheEntry[]> {
  const names = await fs.readdir(publicDir, { recursive: true }).catch(() => [] as string[]);
  const entries: PrecacheEntry[] = [];
  for (const name of names.map((entry) => entry.split(path.sep).join('/')).sort()) {
    if (!PRECACHED_PUBLIC.some((pattern) => pattern.test(name))) continue;
    const source = await fs.readFile(path.join(publicDir, name));
    entries.push({ url: `/${name}`, revision: revisionOf(source) });
  }
  return entries;
}

/**
 * Builds the service worker (`src/sw/service-worker.ts` → `/sw.js`, docs/pwa.md#offline) with
 * this build's precache list, and writes the offline page (`/offline.html`). A plugin of ours
 * rather than vite-plugin-pwa: the worker is a second, small Vite build of one entry with the
 * list defined in, so it needs neither workbox-build nor a manifest or register script of the
 * plugin's (the app has its own). Runs last, so every other plugin's files are in the bundle.
 */
export function serviceWorkerPlugin(): Plugin {
  let root = '';
  let publicDir = '';
  let minify = true;
  return {
    name: 'ekispot-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
      minify = config.build.minify !== false;
    },
    async generateBundle(_options, bundle) {
      const offlinePage = renderOfflinePage(
        { appName: webManifestMessages.shortName, ...offlinePageMessages },
        THEME_COLORS,
      );
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: offlinePage });
      const files = new Map<string, string | Uint8Array>();
      for (const [name, output] of Object.entries(bundle))
        files.set(name, output.type === 'chunk' ? output.code : output.source);
      files.set('offline.html', offlinePage);
      const manifest = [...precacheEntries(files), ...(await publicEntries(publicDir))];

      const result = await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __PRECACHE_MANIFEST__: JSON.stringify(manifest),
          // Not a read of the environment: Workbox's modules test this expression to leave
          // their development logging out, and the worker's build replaces it with a constant.
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          write: false,
          minify,
          sourcemap: false,
          emptyOutDir: false,
          copyPublicDir: false,
          // The worker reads a few constants of @ekispot/shared; its index re-exports every zod
          // contract too, which a build keeps unless told that those modules do nothing on
          // import (about 100 kB of zod in /sw.js otherwise).
          rolldownOptions: {
            treeshake: {
              moduleSideEffects: [
                { test: /[\\/]packages[\\/]shared[\\/]/, sideEffects: false },
                { test: /[\\/]node_modules[\\/]zod[\\/]/, sideEffects: false },
              ],
            },
          },
          lib: {
            entry: path.join(root, 'src/sw/service-worker.ts'),
            formats: ['iife'],
            name: 'ekispotServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
      const outputs = Array.isArray(result) ? result : [result];
      const chunk = outputs
        .flatMap((output) => ('output' in output ? output.output : []))
        .find((item) => item.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error('the service worker did not build');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: chunk.code });
    },
  };
}
