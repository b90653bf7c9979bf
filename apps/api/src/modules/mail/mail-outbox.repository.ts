import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { descending } from '../../db/order.js';
import { mailOutbox } from '../../db/schema/index.js';

/** The only place with Drizzle queries for the mail outbox (docs/conventions.md#api-modules). */

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = typeof mailOutbox.$inferInsert;

const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** Works with the db or a transaction, so mail is queued atomically with the change it reports. */
export async function insertOutboxMail(db: Database, row: NewOutboxRow): Promise<OutboxRow> {
  const [inserted] = await db.insert(mailOutbox).values(row).returning();
  if (!inserted) throw new Error('insert into mail_outbox returned no row');
  return inserted;
}

/**
 * Claims up to `limit` due mails for one worker. SKIP LOCKED lets several instances claim
 * at once without waiting on or taking each other's rows, and the lease (moving
 * next_attempt_at ahead) keeps a claimed row from being claimed again after commit. If the
 * worker dies, the lease runs out and another one retries. The attempt is counted here, so
 * a mail that crashes its worker still runs out of attempts.
 */
export async function claimDueMails(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: secondsFromNow(leaseSeconds) })
    .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, 'pending')))
    .returning();
}

export async function markSent(db: Database, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

export async function markAttemptFailed(
  db: Database,
  id: string,
  failure: { error: string; retryInSeconds: number | null },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      failure.retryInSeconds === null
        ? { status: 'failed', lastError: failure.error }
        : { lastError: failure.error, nextAttemptAt: secondsFromNow(failure.retryInSeconds) },
    )
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

export async function listRecentMails(db: Database, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .orderBy(descending(mailOutbox.createdAt), descending(mailOutbox.id))
    .limit(limit);
}

export async function findMail(db: Database, id: string): Promise<OutboxRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}
