import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored object, opened for reading. */
export interface StoredObject {
  stream: Readable;
  size: number;
  contentType: string;
}

/** Bytes to store: in memory, or a stream of a known size (copies between stores). */
export type StorageBody = Buffer | { stream: Readable; size: number };

/**
 * Where image bytes live. Keys are relative, slash-separated paths chosen by the server
 * (never by a client). Two implementations: the local folder (default, this file) and
 * S3-compatible object storage (s3-image-storage.ts); nothing above this interface knows
 * which is used (docs/deploy.md#image-storage).
 */
export interface ImageStorage {
  /** Where the bytes are, for logs and tools (a folder or `s3://bucket/prefix`). */
  readonly description: string;
  /** Replaces what is under the key; a reader never sees a half-written object. */
  put(key: string, body: StorageBody, contentType: string): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error: deletes may be retried. */
  delete(key: string): Promise<void>;
  /** Every stored key with its size and last write, in no set order (moving storage, sweeps). */
  list(): AsyncIterable<{ key: string; size: number; modifiedAt: Date }>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Keys are validated segment by segment, so `..`, absolute paths and backslashes never reach the disk. */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  if (
    segments.length === 0 ||
    segments.length > 8 ||
    !segments.every((segment) => SEGMENT.test(segment))
  ) {
    throw new InvalidStorageKeyError(key);
  }
}

/** Spreads files over 65 536 folders: the id's last hex digits are random even in UUIDv7. */
export function imageStorageKey(id: string, variant: 'full' | 'thumb'): string {
  const hex = id.replaceAll('-', '').toLowerCase();
  const suffix = variant === 'thumb' ? '.thumb.webp' : '.webp';
  return `${hex.slice(-2)}/${hex.slice(-4, -2)}/${id}${suffix}`;
}

/**
 * The middle size's key, beside the display image's: it is made from that image the first
 * time it is asked for (docs/posts.md#photo-sizes), so no row names it.
 */
export function mediumStorageKey(fullKey: string): string {
  return `${fullKey.replace(/\.webp$/, '')}.medium.webp`;
}

/** Every file an image row may have in storage: what deleting or sweeping it must cover. */
export function storedFileKeys(row: { storageKey: string; thumbStorageKey: string }): string[] {
  return [row.storageKey, mediumStorageKey(row.storageKey), row.thumbStorageKey];
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    (error.code === 'ENOENT' || error.code === 'ENOTDIR')
  );
}

/**
 * Files under one root folder, created lazily on the first write. Content types are not
 * stored: every object here is re-encoded by us, so the type follows from the extension.
 */
export function createLocalImageStorage(rootDir: string): ImageStorage {
  const root = path.resolve(rootDir);

  function resolve(key: string): string {
    assertValidKey(key);
    const full = path.resolve(root, ...key.split('/'));
    // Belt and braces: even a valid-looking key must stay inside the root.
    if (!full.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  }

  return {
    description: root,

    async put(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees a half-written file, and a crash leaves only a temp file.
      const temp = `${file}.${randomUUID()}${TEMP_SUFFIX}`;
      try {
        if (Buffer.isBuffer(body)) await fs.writeFile(temp, body, { flag: 'wx' });
        else await pipeline(body.stream, createWriteStream(temp, { flags: 'wx' }));
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = resolve(key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      try {
        const stat = await handle.stat();
        return {
          stream: handle.createReadStream(),
          size: stat.size,
          contentType: contentTypeOf(key),
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },

    async *list() {
      const entries = await fs
        .readdir(root, { recursive: true, withFileTypes: true })
        .catch((error: unknown) => {
          if (isNotFound(error)) return [];
          throw error;
        });
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(TEMP_SUFFIX)) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, full).split(path.sep).join('/');
        try {
          assertValidKey(key);
        } catch {
          continue;
        }
        const stat = await fs.stat(full).catch(() => null);
        if (stat) yield { key, size: stat.size, modifiedAt: stat.mtime };
      }
    },
  };
}

const TEMP_SUFFIX = '.tmp';

export function contentTypeOf(key: string): string {
  if (key.endsWith('.webp')) return 'image/webp';
  return 'application/octet-stream';
}
