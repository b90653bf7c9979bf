import {
  ARCHIVE_KEEP_DAYS,
  ARCHIVE_MESSAGES as M,
  type ArchiveJob,
  type ArchiveStatus,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.js';
import { japanDateOf } from '../../lib/japan-time.js';
import {
  createPollingWorker,
  describeError,
  retryDelaySeconds,
  type PollingWorker,
  type WorkerLogger,
} from '../../lib/polling-worker.js';
import type { ImageStorage } from '../images/images.service.js';
import { archiveReadyMail, enqueueMail } from '../mail/mail-outbox.service.js';
import { buildArchive } from './archive-builder.js';
import { findAccount } from './archive-data.repository.js';
import type { ArchiveExtensions } from './archive-extensions.js';
import * as repository from './archive.repository.js';

/** Whole-account archives (docs/archive.md): asking for one, its progress, its download. */

export { importArchive, type ArchiveImportDeps } from './archive-import.js';
export { archiveExtensions, ARCHIVE_SECTIONS } from './archive-extensions.js';

/** An import sent without its file. */
export const fileRequired = () => validationFailed({ archive: [M.fileRequired] }, M.fileRequired);

export interface ArchiveDeps {
  db: Database;
  storage: ImageStorage;
  publicUrl: string;
  clock: () => Date;
}

/** A job's lease: renewed by its progress, so only a dead worker's job is taken over. */
const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

function statusOf(row: repository.ArchiveJobRow, now: Date): ArchiveJob['status'] {
  if (row.status === 'ready' && (!row.storageKey || (row.expiresAt && row.expiresAt <= now)))
    return 'expired';
  return row.status;
}

function toJob(row: repository.ArchiveJobRow, now: Date): ArchiveJob {
  const status = statusOf(row, now);
  const progress =
    status === 'ready'
      ? 100
      : row.itemsTotal > 0
        ? Math.min(99, Math.floor((row.itemsDone / row.itemsTotal) * 100))
        : 0;
  return {
    id: row.id,
    status,
    progress,
    requested_at: row.createdAt.toISOString(),
    ready_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    byte_size: status === 'ready' ? row.byteSize : null,
    download_url: status === 'ready' ? `/api/v2/archives/${row.id}/download` : null,
    can_request: row.requestedOn !== japanDateOf(now),
  };
}

export async function getArchiveStatus(deps: ArchiveDeps, userId: string): Promise<ArchiveStatus> {
  const row = await repository.findLatestJob(deps.db, userId);
  return { archive: row ? toJob(row, deps.clock()) : null };
}

/** Asks for an archive: one a Japan day (429 for a second, whatever became of the first). */
export async function requestArchive(deps: ArchiveDeps, userId: string): Promise<ArchiveJob> {
  const now = deps.clock();
  const row = await repository.insertJob(deps.db, { userId, requestedOn: japanDateOf(now) });
  if (!row) throw new HttpError('RATE_LIMITED', M.oncePerDay);
  return toJob(row, now);
}

/** The member's own ready archive; anyone else's, or one gone, is missing (404). */
export async function openArchiveDownload(deps: ArchiveDeps, userId: string, archiveId: string) {
  const row = await repository.findJob(deps.db, archiveId);
  if (!row || row.userId !== userId || statusOf(row, deps.clock()) !== 'ready' || !row.storageKey)
    throw notFound(M.notFound);
  const stored = await deps.storage.get(row.storageKey);
  if (!stored) throw notFound(M.notFound);
  const day = japanDateOf(row.createdAt).replaceAll('-', '');
  return { stored, fileName: `ekispot-archive-${day}.zip` };
}

export interface ArchiveWorkerDeps extends ArchiveDeps {
  tempDir: string;
  extensions: ArchiveExtensions;
  log: WorkerLogger & { info(details: Record<string, unknown>, message: string): void };
}

/** Builds one claimed job; its failure is counted, and retried while attempts remain. */
async function runJob(deps: ArchiveWorkerDeps, job: repository.ArchiveJobRow): Promise<boolean> {
  const userId = job.userId;
  if (!userId) return false;
  try {
    const built = await buildArchive(
      {
        db: deps.db,
        storage: deps.storage,
        publicUrl: deps.publicUrl,
        tempDir: deps.tempDir,
        extensions: deps.extensions,
        now: deps.clock(),
        onProgress: (done, total) =>
          repository.reportProgress(deps.db, job.id, { done, total }, LEASE_SECONDS),
      },
      userId,
      job.id,
    );
    const finishedAt = deps.clock();
    const expiresAt = new Date(finishedAt.getTime() + ARCHIVE_KEEP_DAYS * DAY_MS);
    await deps.db.transaction(async (tx) => {
      const ready = await repository.markReady(tx, job.id, { ...built, finishedAt, expiresAt });
      const account = ready ? await findAccount(tx, userId) : null;
      if (!account) return;
      await enqueueMail(tx, {
        to: account.email,
        ...archiveReadyMail({
          name: account.name,
          settingsUrl: `${deps.publicUrl}/settings/profile#archive`,
          expiresAt,
        }),
      });
    });
    deps.log.info({ archiveId: job.id, bytes: built.byteSize }, 'archive ready');
    return true;
  } catch (error) {
    const giveUp = job.attempts >= MAX_ATTEMPTS;
    const err = describeError(error);
    await repository.markAttemptFailed(deps.db, job.id, {
      error: err,
      giveUp,
      retryInSeconds: retryDelaySeconds(job.attempts),
    });
    deps.log.warn({ archiveId: job.id, attempts: job.attempts, giveUp, err }, 'archive failed');
    return false;
  }
}

/** Deletes archives past their 7 days, and those of members who left. */
export async function deleteExpiredArchives(deps: ArchiveDeps): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await repository.findFilesToDelete(deps.db, deps.clock(), 100);
    if (rows.length === 0) return removed;
    for (const row of rows) if (row.storageKey) await deps.storage.delete(row.storageKey);
    await repository.forgetFiles(
      deps.db,
      rows.map((row) => row.id),
    );
    removed += rows.length;
    if (rows.length < 100) return removed;
  }
}

export interface ArchiveDrain {
  built: number;
  failed: number;
  deleted: number;
}

/** Every due job, one at a time (an archive is heavy), then the expired files. */
export async function drainArchiveJobs(deps: ArchiveWorkerDeps): Promise<ArchiveDrain> {
  const result: ArchiveDrain = { built: 0, failed: 0, deleted: 0 };
  for (;;) {
    const job = await repository.claimJob(deps.db, LEASE_SECONDS);
    if (!job) break;
    if (await runJob(deps, job)) result.built += 1;
    else result.failed += 1;
  }
  result.deleted = await deleteExpiredArchives(deps);
  return result;
}

export function createArchiveWorker(
  deps: ArchiveWorkerDeps & { intervalMs: number },
): PollingWorker<ArchiveDrain> {
  return createPollingWorker({
    name: 'archive worker',
    intervalMs: deps.intervalMs,
    log: deps.log,
    drain: () => drainArchiveJobs(deps),
  });
}
