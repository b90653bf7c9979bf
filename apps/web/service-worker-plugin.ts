import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import type { Plugin, Rolldown } from 'vite';
import { webManifestMessages } from './src/config/messages/install';
import { offlinePageMessages } from './src/config/messages/pwa';
import { THEME_COLORS } from './src/lib/theme-colors';
import { renderOfflinePage } from './src/sw/offline-page';
import type { AppShell, ShellFile } from './src/sw/shell';

/** A file of the bundle: its content and, for a chunk, what it imports (file names). */
export interface BundleFile {
  source: string | Uint8Array;
  isEntry?: boolean;
  imports?: readonly string[];
  dynamicImports?: readonly string[];
  /** CSS and other files a chunk (or CSS file) loads: Vite's `viteMetadata`. */
  importedCss?: readonly string[];
  importedAssets?: readonly string[];
}

/** Fixed-name files of the shell: the raw app, the offline page, the manifest and its small icon. */
const SHELL_FILES = ['index.html', 'offline.html', 'manifest.webmanifest', 'icons/icon-192.png'];
/** Fixed-name files of `public/` in the shell: the favicon every page shows. */
const SHELL_PUBLIC_FILES = ['favicon.svg'];

const revisionOf = (source: string | Uint8Array) =>
  createHash('sha256').update(source).digest('hex').slice(0, 16);

/**
 * The code every page needs: the entry, the app it starts (its dynamic imports, start.tsx), and
 * every chunk, CSS file and asset they load statically. Not the pages' own chunks, which the
 * app imports dynamically (the map's among them): those are cached as they are visited.
 */
export function shellCode(bundle: ReadonlyMap<string, BundleFile>): Set<string> {
  const shell = new Set<string>();
  const add = (name: string) => {
    const file = bundle.get(name);
    if (!file || shell.has(name)) return;
    shell.add(name);
    for (const imported of [
      ...(file.imports ?? []),
      ...(file.importedCss ?? []),
      ...(file.importedAssets ?? []),
    ])
      add(imported);
  };
  for (const [name, file] of bundle) {
    if (!file.isEntry) continue;
    add(name);
    for (const started of file.dynamicImports ?? []) add(started);
  }
  return shell;
}

/**
 * The shell's list: its code by name alone (hashed), its fixed-name files with a hash of their
 * content; `publicFiles` are the shell's files of `public/`. Its version is a hash of every
 * file of the build, the pages' chunks included.
 */
export function appShell(
  bundle: ReadonlyMap<string, BundleFile>,
  publicFiles: ReadonlyMap<string, Uint8Array> = new Map(),
): AppShell {
  const files: ShellFile[] = [...shellCode(bundle)]
    .filter((name) => name.startsWith('assets/') && !/\.(map|br|gz)$/.test(name))
    .map((name) => ({ url: `/${name}`, revision: null }));
  for (const name of SHELL_FILES) {
    const file = bundle.get(name);
    if (file) files.push({ url: `/${name}`, revision: revisionOf(file.source) });
  }
  for (const [name, source] of publicFiles)
    files.push({ url: `/${name}`, revision: revisionOf(source) });
  files.sort((a, b) => a.url.localeCompare(b.url));
  const everything = [...bundle.keys()]
    .filter((name) => name.startsWith('assets/'))
    .sort()
    .concat(files.map((file) => `${file.url} ${file.revision ?? ''}`));
  return { version: revisionOf(everything.join('\n')), files };
}

async function shellPublicFiles(publicDir: string): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const name of SHELL_PUBLIC_FILES) {
    const source = await fs.readFile(path.join(publicDir, name)).catch(() => null);
    if (source) files.set(name, source);
  }
  return files;
}

function bundleFiles(bundle: Rolldown.OutputBundle): Map<string, BundleFile> {
  const files = new Map<string, BundleFile>();
  for (const [name, output] of Object.entries(bundle)) {
    const loads = {
      importedCss: [...(output.viteMetadata?.importedCss ?? [])],
      importedAssets: [...(output.viteMetadata?.importedAssets ?? [])],
    };
    files.set(
      name,
      output.type === 'chunk'
        ? {
            source: output.code,
            isEntry: output.isEntry,
            imports: output.imports,
            dynamicImports: output.dynamicImports,
            ...loads,
          }
        : { source: output.source, ...loads },
    );
  }
  return files;
}

/**
 * Builds the service worker (`src/sw/service-worker.ts` → `/sw.js`, docs/pwa.md#offline) with
 * this build's app shell (`appShell`), and writes the offline page (`/offline.html`). A plugin
 * of ours rather than vite-plugin-pwa: the worker is a second, small Vite build of one entry
 * with the shell's list defined in, so it needs neither workbox-build nor a manifest or register script of the
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
      const files = bundleFiles(bundle);
      files.set('offline.html', { source: offlinePage });
      const shell = appShell(files, await shellPublicFiles(publicDir));

      const result = await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __APP_SHELL__: JSON.stringify(shell),
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
