import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What the server sends as text and the browser fetches on a visit (source maps are not). */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|geojson|svg|txt|webmanifest)$/;
/** Below this a compressed copy saves less than the headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file
 * of the build, which the server sends as they are (`preCompressed` in
 * apps/api/src/plugins/web.ts): the smallest files brotli makes, at no CPU cost per request.
 * Compressing on the fly is held to brotli quality 4, about 13 % larger for the app's
 * JavaScript (docs/basemap.md#first-visit).
 */
export function precompressPlugin(
  options: {
    /**
     * Brotli quality of the copies: 11 (the smallest files) unless told. The test build sets
     * `BUILD_BROTLI_QUALITY=5` (docs/testing.md#the-test-build): same files, same serving
     * path, seconds less work.
     */
    brotliQuality?: number;
  } = {},
): Plugin {
  const quality = options.brotliQuality ?? zlib.constants.BROTLI_MAX_QUALITY;
  let outDir = '';
  return {
    name: 'ekispot-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await listFiles(outDir);
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const source = await fs.readFile(file);
            if (source.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzip(source, {
                level:
                  quality >= 9
                    ? zlib.constants.Z_BEST_COMPRESSION
                    : zlib.constants.Z_DEFAULT_COMPRESSION,
              }),
            ]);
            await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}

/** Every file under `dir`, skipping dot folders (Vite's manifest is not served). */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? listFiles(full) : Promise.resolve([full]);
      }),
  );
  return nested.flat();
}
