import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { contentTypeOf, type ImageStorage } from './image-storage.js';

export interface MigrationProgress {
  /** Called once the source is listed. */
  start(total: number): void;
  /** Called after each object, whatever became of it. */
  step(outcome: ObjectOutcome): void;
}

export type ObjectOutcome =
  | { key: string; result: 'copied' | 'already-there' }
  | { key: string; result: 'failed'; error: string };

export interface MigrationSummary {
  total: number;
  copied: number;
  alreadyThere: number;
  failed: { key: string; error: string }[];
  /** Source objects deleted after their copy was verified. */
  deleted: number;
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function hashOf(storage: ImageStorage, key: string): Promise<string | null> {
  const stored = await storage.get(key);
  return stored ? sha256(stored.stream) : null;
}

/**
 * Copies one object, hashing the bytes as they pass, then reads the copy back and compares.
 * Returns whether it was copied or found already there (a run that was cut short).
 */
async function moveOne(
  source: ImageStorage,
  target: ImageStorage,
  key: string,
  keepSource: boolean,
): Promise<'copied' | 'already-there'> {
  let result: 'copied' | 'already-there' = 'copied';
  const targetHash = await hashOf(target, key);
  if (targetHash !== null) {
    // Left by a run that was cut short (or a half copy): compare before trusting it.
    const sourceHash = await hashOf(source, key);
    if (sourceHash === null) throw new Error('gone from the source while moving');
    if (sourceHash === targetHash) result = 'already-there';
  }
  if (result === 'copied') {
    const stored = await source.get(key);
    if (!stored) throw new Error('gone from the source while moving');
    const hash = createHash('sha256');
    // Hashed as the bytes pass, without holding them: the copy is then checked against it.
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    stored.stream.on('error', (error) => hashing.destroy(error));
    stored.stream.pipe(hashing);
    await target.put(
      key,
      { stream: hashing, size: stored.size },
      stored.contentType || contentTypeOf(key),
    );
    const copied = await hashOf(target, key);
    if (copied !== hash.digest('hex')) {
      throw new Error('the copy does not match the source (sha-256)');
    }
  }
  // Only now, with a verified copy, may the source go.
  if (!keepSource) await source.delete(key);
  return result;
}

/**
 * Moves every object from one storage to another: copy, verify by SHA-256, then delete the
 * source (unless `keepSource`). Safe to stop and run again: an object is deleted from the
 * source only once its copy is verified, and one found already copied is verified, not copied
 * again (docs/deploy.md#moving-images).
 */
export async function migrateImages(
  source: ImageStorage,
  target: ImageStorage,
  options: { keepSource?: boolean; concurrency?: number; progress?: MigrationProgress } = {},
): Promise<MigrationSummary> {
  const keys: string[] = [];
  for await (const entry of source.list()) keys.push(entry.key);
  options.progress?.start(keys.length);
  const summary: MigrationSummary = {
    total: keys.length,
    copied: 0,
    alreadyThere: 0,
    failed: [],
    deleted: 0,
  };
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next]!;
      next += 1;
      let outcome: ObjectOutcome;
      try {
        const result = await moveOne(source, target, key, options.keepSource ?? false);
        if (result === 'copied') summary.copied += 1;
        else summary.alreadyThere += 1;
        if (!options.keepSource) summary.deleted += 1;
        outcome = { key, result };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        summary.failed.push({ key, error: message });
        outcome = { key, result: 'failed', error: message };
      }
      options.progress?.step(outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return summary;
}
