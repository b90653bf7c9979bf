import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/database.js';
import type { ImageStorage } from './image-storage.js';
import * as repository from './images.repository.js';

/**
 * A crash between storing an upload and linking it to its post or profile leaves an image
 * that belongs to nothing, and a crash mid-request leaves its temporary upload files. Both
 * are swept once they are an hour old (no request takes that long), periodically, by every
 * instance (deleting twice is harmless).
 */

export const SWEEP_AGE_MS = 60 * 60 * 1000;
const BATCH = 200;

export interface SweepLogger {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** Deletes unattached images older than `olderThanMs` (rows, then files); returns how many. */
export async function sweepUnattachedImages(
  db: Database,
  storage: ImageStorage,
  olderThanMs = SWEEP_AGE_MS,
): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  let total = 0;
  for (;;) {
    const keys = await repository.deleteUnattachedImageRows(db, cutoff, BATCH);
    await Promise.all(
      keys.flatMap((key) => [storage.delete(key.storageKey), storage.delete(key.thumbStorageKey)]),
    );
    total += keys.length;
    if (keys.length < BATCH) return total;
  }
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
  const run = async () => {
    try {
      const images = await sweepUnattachedImages(options.db, options.storage);
      const folders = await sweepUploadFolders(options.uploadRoot, options.ownUploadFolder);
      if (images > 0 || folders > 0)
        options.log.info({ images, folders }, 'swept unattached images and upload folders');
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
