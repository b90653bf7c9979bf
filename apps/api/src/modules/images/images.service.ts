import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { mediumImageWidth, type ImageSize } from '@ekispot/shared';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database.js';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.js';
import { keptValues, type KeptValues } from '../../lib/kept-values.js';
import {
  imageStorageKey,
  mediumStorageKey,
  storedFileKeys,
  type ImageStorage,
  type StoredObject,
} from './image-storage.js';
import {
  makeMediumImage,
  processArchivedImage,
  processUpload,
  type ImageSource,
} from './image-processing.js';
import * as repository from './images.repository.js';

export type { ImageRow } from './images.repository.js';
export type { ImageStorage } from './image-storage.js';
export type { ImageSource } from './image-processing.js';
export { IMAGE_MESSAGES } from './image-processing.js';
export type { ImageSize } from '@ekispot/shared';

/**
 * An upload refused by the image checks, re-raised as a 422 on the form field that carried
 * it, so the form shows the reason beside the picker.
 */
export function asFieldError(field: string, error: unknown): unknown {
  if (!(error instanceof HttpError) || error.status >= 500) return error;
  return validationFailed({ [field]: [error.message] });
}

/**
 * Re-encodes an upload, writes both files, then the row. Files are written first so a
 * row never points at nothing; if the row cannot be written the files are removed again.
 * Call it before (or inside) the transaction that links the image to its owner.
 */
export async function storeImage(
  db: Database,
  storage: ImageStorage,
  ownerId: string | null,
  source: ImageSource,
  options: { maxBytes?: number; fromArchive?: boolean } = {},
): Promise<repository.ImageRow> {
  // A photo from an Ekispot archive that is already ours (docs/archive.md#importing) is kept.
  const processed = options.fromArchive
    ? await processArchivedImage(source, options)
    : await processUpload(source, options);
  const id = uuidv7();
  const storageKey = imageStorageKey(id, 'full');
  const thumbStorageKey = imageStorageKey(id, 'thumb');
  // The row first, then the files (docs/security.md#crashes-and-the-disk): a crash at any point
  // leaves at most a row that nothing uses yet, which the sweeper removes with whatever files
  // it has, never a file that no row names.
  const row = await repository.insertImage(db, {
    id,
    ownerId,
    mimeType: processed.mimeType,
    storageKey,
    width: processed.full.width,
    height: processed.full.height,
    byteSize: processed.full.bytes.length,
    thumbStorageKey,
    thumbWidth: processed.thumb.width,
    thumbHeight: processed.thumb.height,
  });
  try {
    await storage.put(storageKey, processed.full.bytes, processed.mimeType);
    await storage.put(thumbStorageKey, processed.thumb.bytes, processed.mimeType);
    return row;
  } catch (error) {
    // Best effort: the original error is what the caller must see, not a cleanup failure.
    await Promise.allSettled([storage.delete(storageKey), storage.delete(thumbStorageKey)]);
    await repository.deleteImageRows(db, [id]).catch(() => undefined);
    throw error;
  }
}

const IMAGE_NOT_FOUND = '画像が見つかりませんでした。';

export async function getImage(db: Database, id: string): Promise<repository.ImageRow> {
  const row = await repository.findImage(db, id);
  if (!row) throw notFound(IMAGE_NOT_FOUND);
  return row;
}

/**
 * Images as everyone sees them, kept in memory until the next write (lib/kept-values.ts): a hide,
 * a suspension or a deletion is a write, and a suspension that ends by the clock shows within
 * 30 s. So most photo reads ask the database nothing.
 */
export type ImageSights = KeptValues<repository.ImageSight | null>;

export function createImageSights(generation: () => number): ImageSights {
  return keptValues({ generation, maxEntries: 10_000 });
}

/** Who may keep a copy of an image's answer (docs/security.md#images-and-caches). */
export type ImageAudience = 'everyone' | 'viewer';

/**
 * An image as the caller may see it (`viewer` reads who they are, only when it matters: null
 * for a visitor), by the one visibility rule
 * (db/moderated.ts): a photo of a hidden post, or of a suspended member, is its author's alone
 * and answers 404 to everyone else, as the post does. The 404 is kept by no cache: the author
 * asks for the same address.
 */
export async function getImageFor(
  deps: { db: Database; kept: ImageSights },
  id: string,
  viewer: () => Promise<string | null>,
): Promise<{ row: repository.ImageRow; audience: ImageAudience }> {
  const { db } = deps;
  const found = await deps.kept(id, () => repository.findImageFor(db, id, null));
  if (found?.shownToAll) return { row: found, audience: 'everyone' };
  // Rare: who asks matters only now (the session is read, then the image again for them).
  const viewerId = found ? await viewer() : null;
  const own = viewerId ? await repository.findImageFor(db, id, viewerId) : null;
  if (own?.shownToViewer) return { row: own, audience: 'viewer' };
  throw new HttpError('NOT_FOUND', IMAGE_NOT_FOUND, null, { 'cache-control': 'no-store' });
}

/** Opens one variant's bytes; a row whose file has gone missing reads as not found. */
export async function openImage(
  storage: ImageStorage,
  row: repository.ImageRow,
  size: ImageSize,
): Promise<StoredObject> {
  if (size === 'medium') return openMediumImage(storage, row);
  const stored = await storage.get(size === 'thumb' ? row.thumbStorageKey : row.storageKey);
  if (!stored) throw notFound('画像が見つかりませんでした。');
  return stored;
}

/** Middle sizes being made, per key: a photo asked for by many at once is made once. */
const mediumBuilds = new Map<string, Promise<Buffer>>();

/**
 * The middle size (docs/posts.md#photo-sizes): the stored one, or made from the display image
 * and stored the first time it is asked for. A display image no larger than the middle size is
 * its own middle size.
 */
async function openMediumImage(
  storage: ImageStorage,
  row: repository.ImageRow,
): Promise<StoredObject> {
  if (mediumImageWidth(row) === null) return openImage(storage, row, 'full');
  const key = mediumStorageKey(row.storageKey);
  const kept = await storage.get(key);
  if (kept) return kept;
  let build = mediumBuilds.get(key);
  if (!build) {
    build = makeAndStoreMedium(storage, row, key).finally(() => mediumBuilds.delete(key));
    mediumBuilds.set(key, build);
  }
  const bytes = await build;
  return { stream: Readable.from([bytes]), size: bytes.length, contentType: row.mimeType };
}

async function makeAndStoreMedium(
  storage: ImageStorage,
  row: repository.ImageRow,
  key: string,
): Promise<Buffer> {
  const display = await openImage(storage, row, 'full');
  const bytes = await makeMediumImage(await buffer(display.stream));
  // Should the row be deleted meanwhile, this file is named by no row, and the orphan sweep
  // removes it (image-sweep.ts).
  await storage.put(key, bytes, row.mimeType);
  return bytes;
}

/** Removes files whose rows are gone. Missing files are fine: deletes may be repeated. */
export async function deleteImageFiles(
  storage: ImageStorage,
  keys: repository.ImageFileKeys[],
): Promise<void> {
  await Promise.all(keys.flatMap((row) => storedFileKeys(row).map((key) => storage.delete(key))));
}

/**
 * Deletes rows, then files. Inside a caller's transaction, use `deleteImageRows` with the
 * transaction and call `deleteImageFiles` after it commits instead: files deleted before a
 * rollback could not be brought back.
 */
export async function deleteImages(
  db: Database,
  storage: ImageStorage,
  ids: string[],
): Promise<number> {
  const keys = await repository.deleteImageRows(db, ids);
  await deleteImageFiles(storage, keys);
  return keys.length;
}

export async function deleteImage(
  db: Database,
  storage: ImageStorage,
  id: string,
): Promise<boolean> {
  return (await deleteImages(db, storage, [id])) === 1;
}

/**
 * Inside a caller's transaction (a post edited or removed, an avatar replaced): deletes the
 * image rows and hands back their file keys for `deleteImageFiles` once the transaction commits.
 */
export function deleteImageRows(tx: Database, ids: string[]) {
  return repository.deleteImageRows(tx, ids);
}

/** As `deleteImageRows`, for every image a leaving member uploaded (avatar and photos). */
export function deleteImageRowsOwnedBy(tx: Database, ownerId: string) {
  return repository.deleteImageRowsOwnedBy(tx, ownerId);
}
