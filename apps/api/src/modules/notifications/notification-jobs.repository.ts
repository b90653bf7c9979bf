import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { notificationInSight } from '../../db/moderated.js';
import { notRelatedTo } from '../../db/related-members.js';
import {
  follows,
  notificationJobs,
  notifications,
  posts,
  stationWants,
  users,
} from '../../db/schema/index.js';

/**
 * Queries of the notification worker: post fan-out jobs and mail digests
 * (docs/conventions.md#api-modules).
 */

export type JobRow = typeof notificationJobs.$inferSelect;

const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export async function insertJob(db: Database, postId: string): Promise<void> {
  await db.insert(notificationJobs).values({ postId });
}

/** Claims due jobs with SKIP LOCKED and a lease, as the mail outbox does (mail-outbox.repository.ts). */
export async function claimDueJobs(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<JobRow[]> {
  const due = db
    .select({ id: notificationJobs.id })
    .from(notificationJobs)
    .where(
      and(eq(notificationJobs.status, 'pending'), lte(notificationJobs.nextAttemptAt, sql`now()`)),
    )
    .orderBy(asc(notificationJobs.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notificationJobs)
    .set({
      attempts: sql`${notificationJobs.attempts} + 1`,
      nextAttemptAt: secondsFromNow(leaseSeconds),
    })
    .where(and(inArray(notificationJobs.id, due), eq(notificationJobs.status, 'pending')))
    .returning();
}

/** A done job is deleted: the table holds only work still to do (and failures to look at). */
export async function deleteJob(db: Database, id: string): Promise<void> {
  await db.delete(notificationJobs).where(eq(notificationJobs.id, id));
}

export async function markJobFailed(
  db: Database,
  id: string,
  failure: { error: string; retryInSeconds: number | null },
): Promise<void> {
  await db
    .update(notificationJobs)
    .set(
      failure.retryInSeconds === null
        ? { status: 'failed', lastError: failure.error }
        : { lastError: failure.error, nextAttemptAt: secondsFromNow(failure.retryInSeconds) },
    )
    .where(eq(notificationJobs.id, id));
}

export async function findFanOutPost(db: Database, postId: string) {
  const [row] = await db
    .select({ id: posts.id, userId: posts.userId, stationGroupId: posts.stationGroupId })
    .from(posts)
    .where(eq(posts.id, postId));
  return row ?? null;
}

/** The author's followers, as a recipients query. */
export const followersOf = (authorId: string) =>
  sql`select ${follows.followerId} from ${follows} where ${follows.followeeId} = ${authorId}::uuid`;

/** Members who want to visit the station, except the author's followers (told already). */
export const stationWantersOf = (stationGroupId: number, authorId: string) =>
  sql`select ${stationWants.userId} from ${stationWants} where ${stationWants.stationGroupId} = ${stationGroupId}
    and not exists (select 1 from ${follows} where ${follows.followeeId} = ${authorId}::uuid and ${follows.followerId} = ${stationWants.userId})`;

/** Members with a mail digest due, a few at a time. */
export async function findMembersWithDueMail(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(and(isNotNull(notifications.mailDueAt), lte(notifications.mailDueAt, sql`now()`)))
    .limit(limit);
  return rows.map((row) => row.userId);
}

/**
 * Takes every notification waiting for the member's mail (due or not: one mail carries the
 * whole burst) and clears their due time; hands back those the member still sees as the list
 * does (not from a member they blocked or muted since, and in sight: db/moderated.ts), so a
 * mail never names what the page leaves out. Two workers racing for one member: the second
 * finds nothing left and sends nothing.
 */
export async function takeMailBatch(db: Database, userId: string) {
  const n = notifications;
  const rows = await db
    .update(n)
    .set({ mailDueAt: null })
    .where(and(eq(n.userId, userId), isNotNull(n.mailDueAt)))
    .returning({
      type: n.type,
      actorId: n.actorId,
      createdAt: n.createdAt,
      id: n.id,
      seen: sql<boolean>`(${n.type} = 'moderation' or ${notRelatedTo(n.actorId, userId, ['blocked', 'blockedBy', 'muted'])})
        and ${notificationInSight(n)}`,
    });
  // Newest first, as the notifications page names them (`returning` has no order of its own).
  return rows
    .filter((row) => row.seen)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
}

/**
 * Suspensions whose end has passed are cleared: nothing else changes, but the write recounts
 * the notification groups of the member (migrations/0019_notifications_in_sight.sql), which
 * count a suspension by the clock only when something touches them. Returns how many ended.
 */
export async function clearEndedSuspensions(db: Database): Promise<number> {
  const rows = await db
    .update(users)
    .set({ suspendedUntil: null })
    .where(and(isNotNull(users.suspendedUntil), lte(users.suspendedUntil, sql`now()`)))
    .returning({ id: users.id });
  return rows.length;
}

export async function findMailRecipient(db: Database, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, mailOptIn: users.mailOptIn })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function findNames(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...ids]));
}
