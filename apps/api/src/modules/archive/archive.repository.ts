import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { archiveImportItems, archiveJobs } from '../../db/schema/index.js';

/** The only place with Drizzle queries for archive jobs and import records. */

export type ArchiveJobRow = typeof archiveJobs.$inferSelect;

const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** A new job for the Japan day, or null when the member has one for that day already. */
export async function insertJob(
  db: Database,
  values: { userId: string; requestedOn: string },
): Promise<ArchiveJobRow | null> {
  const [row] = await db.insert(archiveJobs).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findLatestJob(db: Database, userId: string): Promise<ArchiveJobRow | null> {
  const [row] = await db
    .select()
    .from(archiveJobs)
    .where(eq(archiveJobs.userId, userId))
    .orderBy(desc(archiveJobs.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findJob(db: Database, id: string): Promise<ArchiveJobRow | null> {
  const [row] = await db.select().from(archiveJobs).where(eq(archiveJobs.id, id));
  return row ?? null;
}

/**
 * Claims the oldest job that is waiting, or whose worker stopped renewing its lease (a process
 * that died mid-way): SKIP LOCKED, so instances never take the same job. The attempt is counted
 * here, so a job that kills its worker still runs out of attempts.
 */
export async function claimJob(db: Database, leaseSeconds: number): Promise<ArchiveJobRow | null> {
  const due = db
    .select({ id: archiveJobs.id })
    .from(archiveJobs)
    .where(
      and(
        isNotNull(archiveJobs.userId),
        or(
          eq(archiveJobs.status, 'pending'),
          and(eq(archiveJobs.status, 'running'), lte(archiveJobs.leaseUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(archiveJobs.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(archiveJobs)
    .set({
      status: 'running',
      attempts: sql`${archiveJobs.attempts} + 1`,
      leaseUntil: secondsFromNow(leaseSeconds),
      itemsDone: 0,
    })
    .where(inArray(archiveJobs.id, due))
    .returning();
  return row ?? null;
}

/** Progress, renewing the lease: a job whose worker still reports is not taken by another. */
export async function reportProgress(
  db: Database,
  id: string,
  progress: { done: number; total: number },
  leaseSeconds: number,
): Promise<void> {
  await db
    .update(archiveJobs)
    .set({
      itemsDone: progress.done,
      itemsTotal: progress.total,
      leaseUntil: secondsFromNow(leaseSeconds),
    })
    .where(and(eq(archiveJobs.id, id), eq(archiveJobs.status, 'running')));
}

export async function markReady(
  db: Database,
  id: string,
  file: { storageKey: string; byteSize: number; finishedAt: Date; expiresAt: Date },
): Promise<ArchiveJobRow | null> {
  const [row] = await db
    .update(archiveJobs)
    .set({ status: 'ready', ...file, leaseUntil: null, lastError: null })
    .where(and(eq(archiveJobs.id, id), eq(archiveJobs.status, 'running')))
    .returning();
  return row ?? null;
}

/** A failed attempt: waiting again (a later pass retries) or failed for good. */
export async function markAttemptFailed(
  db: Database,
  id: string,
  failure: { error: string; giveUp: boolean; retryInSeconds: number },
): Promise<void> {
  await db
    .update(archiveJobs)
    .set(
      failure.giveUp
        ? { status: 'failed', lastError: failure.error, leaseUntil: null }
        : {
            status: 'running',
            lastError: failure.error,
            leaseUntil: secondsFromNow(failure.retryInSeconds),
          },
    )
    .where(eq(archiveJobs.id, id));
}

/** Ready archives past their day, and jobs of members who left: their files go, then the rows. */
export async function findFilesToDelete(db: Database, now: Date, limit: number) {
  return db
    .select({ id: archiveJobs.id, storageKey: archiveJobs.storageKey, userId: archiveJobs.userId })
    .from(archiveJobs)
    .where(
      or(
        isNull(archiveJobs.userId),
        and(isNotNull(archiveJobs.storageKey), lte(archiveJobs.expiresAt, now)),
      ),
    )
    .limit(limit);
}

/** The file is gone: the row stays (it holds the day's one archive) unless its member left. */
export async function forgetFiles(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(archiveJobs).where(and(inArray(archiveJobs.id, ids), isNull(archiveJobs.userId)));
  await db.update(archiveJobs).set({ storageKey: null }).where(inArray(archiveJobs.id, ids));
}

/* ---- Imports ---- */

/** Which of these archive items the member imported before. */
export async function findImportedKeys(
  db: Database,
  userId: string,
  kind: string,
  sourceKeys: string[],
): Promise<Map<string, string | null>> {
  if (sourceKeys.length === 0) return new Map();
  const rows = await db
    .select({ sourceKey: archiveImportItems.sourceKey, targetId: archiveImportItems.targetId })
    .from(archiveImportItems)
    .where(
      and(
        eq(archiveImportItems.userId, userId),
        eq(archiveImportItems.kind, kind),
        inArray(archiveImportItems.sourceKey, sourceKeys),
      ),
    );
  return new Map(rows.map((row) => [row.sourceKey, row.targetId]));
}

export async function recordImported(
  db: Database,
  rows: { userId: string; kind: string; sourceKey: string; targetId: string | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(archiveImportItems).values(rows).onConflictDoNothing();
}
