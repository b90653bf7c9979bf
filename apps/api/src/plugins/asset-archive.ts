import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ImageStorage } from '../modules/images/images.service.js';

/**
 * The built web app's hashed files, kept in the object store across deploys
 * (docs/deploy.md#rolling-deploys). During a rolling deploy a page of the previous build, still
 * open in a browser or served a moment ago by an old instance, asks a new instance for chunks
 * the new build does not have. Every start copies its own `assets/` into the store under
 * `web-assets/`, and an asset missing from the build is answered from there, so both builds'
 * files stay servable by every instance. The files are content-hashed: a name never changes
 * meaning. They are small (a few MB a build) and never pruned.
 */

export const ARCHIVE_PREFIX = 'web-assets/';

const PARALLEL_COPIES = 8;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
};

export function assetContentType(name: string): string {
  return TYPES[path.extname(name)] ?? 'application/octet-stream';
}

/** A file name of `assets/` as a storage key, or null for anything that cannot be one. */
export function archiveKeyOf(name: string): string | null {
  return /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/.test(name) ? `${ARCHIVE_PREFIX}${name}` : null;
}

/** Copies the build's assets that the store lacks into it; returns how many were added. */
export async function archiveAssets(
  distDir: string,
  storage: ImageStorage,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<number> {
  const assetsDir = path.join(distDir, 'assets');
  const names = await fs.readdir(assetsDir).catch(() => [] as string[]);
  if (names.length === 0) return 0;
  const stored = new Set<string>();
  for await (const file of storage.list()) {
    if (file.key.startsWith(ARCHIVE_PREFIX)) stored.add(file.key);
  }
  // Compressed copies are the build's own business: the archive keeps the plain files.
  const missing = names.filter((name) => {
    const key = archiveKeyOf(name);
    return key && !stored.has(key) && !name.endsWith('.br') && !name.endsWith('.gz');
  });
  // A first start copies a whole build (hundreds of files) within the web plugin's start limit:
  // several at a time, as the store allows.
  let next = 0;
  const copyNext = async (): Promise<void> => {
    while (next < missing.length) {
      const name = missing[next++]!;
      const body = await fs.readFile(path.join(assetsDir, name));
      await storage.put(archiveKeyOf(name)!, body, assetContentType(name));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_COPIES }, copyNext));
  const added = missing.length;
  if (added > 0) log.info({ added }, 'web assets archived for rolling deploys');
  return added;
}
