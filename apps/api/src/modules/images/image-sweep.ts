import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/database.js';
import { storedFileKeys, type ImageStorage } from './image-storage.js';
import * as repository from './images.repository.js';

/**
 * A crash between storing an upload and linking it to its post or profile leaves an image
 * that belongs to nothing, and a crash mid-request leaves its temporary upload files. Both
 * are swept once they are an hour old (no request takes that long), periodically, by every
 * instance (deleting twice is harmless). An image's row is written before its files and
 * removed after them (images.service.ts), so no crash leaves a file that no row names; files
 * that an older release left so are swept too (docs/security.md#crashes-and-the-disk).
 */

export const SWEEP_AGE_MS = 60 * 60 * 1000;
/** Listing every stored file is costly on a large bucket: once a day (and at start-up) is enough. */
export const ORPHAN_SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

export interface SweepLogger {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * Deletes unattached images older than `olderThanMs`, files first and then the rows, so a crash
 * in between leaves a row the next sweep finishes; returns how many.
 */
export async function sweepUnattachedImages(
  db: Database,
  storage: ImageStorage,
  olderThanMs = SWEEP_AGE_MS,
): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  let total = 0;
  for (;;) {
    const found = await repository.findUnattachedImages(db, cutoff, BATCH);
    await Promise.all(
      found.flatMap((row) => storedFileKeys(row).map((key) => storage.delete(key))),
    );
    await repository.deleteImageRows(
      db,
      found.map((image) => image.id),
    );
    total += found.length;
    if (found.length < BATCH) return total;
  }
}

/** The image id in a key of its files (`ab/cd/<uuid>.webp`, `….thumb.webp`…); else null. */
function imageIdOf(key: string): string | null {
  const name = key.split('/').at(-1) ?? '';
  const id = name.slice(0, name.indexOf('.'));
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
}

/**
 * Deletes stored files older than `olderThanMs` that no image row names (left by a crash of a
 * release that wrote files before rows, or by hand). A file whose name holds no image id is
 * never touched. Returns how many were deleted.
 */
export async function sweepOrphanFiles(
  db: Database,
  storage: ImageStorage,
  olderThanMs = SWEEP_AGE_MS,
): Promise<number> {
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const ids = [...new Set(batch.map(imageIdOf).filter((id): id is string => id !== null))];
    const named = new Set(
      (await repository.findImageKeys(db, ids)).flatMap((row) => storedFileKeys(row)),
    );
    for (const key of batch) {
      if (named.has(key)) continue;
      await storage.delete(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const file of storage.list()) {
    if (file.modifiedAt.getTime() >= cutoff || imageIdOf(file.key) === null) continue;
    batch.push(file.key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return removed;
}

/** Removes upload folders of other (crashed) processes untouched for `olderThanMs`. */
export async function sweepUploadFolders(
  uploadRoot: string,
  ownFolder: string,
  olderThanMs = SWEEP_AGE_MS,
): Promise<number> {
  const entries = await fs.readdir(uploadRoot, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    const folder = path.join(uploadRoot, entry.name);
    if (folder === ownFolder) continue;
    const stat = await fs.stat(folder).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > olderThanMs) {
      await fs.rm(folder, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

export function createImageSweeper(options: {
  db: Database;
  storage: ImageStorage;
  uploadRoot: string;
  ownUploadFolder: string;
  log: SweepLogger;
  intervalMs: number;
}) {
  let timer: NodeJS.Timeout | undefined;
  let orphansSweptAt = 0;
  const run = async () => {
    try {
      const images = await sweepUnattachedImages(options.db, options.storage);
      let orphans = 0;
      if (Date.now() - orphansSweptAt >= ORPHAN_SWEEP_EVERY_MS) {
        orphans = await sweepOrphanFiles(options.db, options.storage);
        orphansSweptAt = Date.now();
      }
      const folders = await sweepUploadFolders(options.uploadRoot, options.ownUploadFolder);
      if (images > 0 || orphans > 0 || folders > 0)
        options.log.info(
          { images, orphans, folders },
          'swept unattached images, files no image names and upload folders',
        );
    } catch (error) {
      options.log.error({ err: error }, 'image sweep failed');
    }
  };
  return {
    start() {
      void run();
      timer = setInterval(() => void run(), options.intervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
