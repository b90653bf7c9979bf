import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { drawIcons } from './app-icons';
import { THEME_COLORS } from './src/lib/theme-colors';
import {
  buildWebManifest,
  ICON_FILES,
  ICON_SOURCE_FILE,
  SCREENSHOTS,
  WEB_MANIFEST_FILE,
  type Screenshot,
} from './web-manifest';

/**
 * Makes the app installable (docs/pwa.md): writes `manifest.webmanifest` and the PNG icons it
 * names into the build, drawn from public/favicon.svg in the theme's colours
 * (src/lib/theme-colors.ts), and adds the `theme-color` meta tag to index.html. The dev server
 * answers the same addresses from memory. Nothing generated is committed.
 */
export function webManifestPlugin(): Plugin {
  let publicDir = '';
  let files: Promise<Map<string, Buffer>> | undefined;
  const generate = () => (files ??= generateWebManifestFiles(publicDir));
  return {
    name: 'ekispot-web-manifest',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    buildStart() {
      // Drawn while Vite bundles; a failure is reported where generateBundle awaits it.
      generate().catch(() => undefined);
    },
    async generateBundle() {
      for (const [fileName, source] of await generate())
        this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml() {
      return [
        {
          tag: 'meta',
          attrs: { name: 'theme-color', content: THEME_COLORS.primary },
          injectTo: 'head',
        },
      ];
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const [pathname = ''] = (request.url ?? '').split('?');
        const fileName = pathname.slice(1);
        if (fileName !== WEB_MANIFEST_FILE && !fileName.startsWith('icons/')) return next();
        generate().then((generated) => {
          const source = generated.get(fileName);
          if (!source) return next();
          response.setHeader('Content-Type', contentTypeOf(fileName));
          response.end(source);
        }, next);
      });
    },
  };
}

/** The manifest and every icon, by their path in the build's output. */
export async function generateWebManifestFiles(publicDir: string): Promise<Map<string, Buffer>> {
  const source = await fs.readFile(path.join(publicDir, ICON_SOURCE_FILE));
  const [icons, screenshots] = await Promise.all([
    drawIcons(source, ICON_FILES),
    readScreenshots(publicDir),
  ]);
  const manifest = buildWebManifest(screenshots);
  return new Map([
    [WEB_MANIFEST_FILE, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)],
    ...icons,
  ]);
}

/** The committed screenshots with their sizes, read from the files so the manifest never lies. */
async function readScreenshots(publicDir: string): Promise<Screenshot[]> {
  return Promise.all(
    SCREENSHOTS.map(async (shot) => {
      const { width, height, format } = await sharp(path.join(publicDir, shot.fileName)).metadata();
      if (format !== 'png' || !width || !height)
        throw new Error(`${shot.fileName} in public/ is not a PNG image`);
      return { ...shot, width, height };
    }),
  );
}

function contentTypeOf(fileName: string): string {
  return fileName.endsWith('.png') ? 'image/png' : 'application/manifest+json';
}
