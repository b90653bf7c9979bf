import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { ReportTargetKind } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { moderationDigests, reports, takedownRequests, users } from '../../db/schema/index.js';

/** Drizzle queries of the moderators' daily digest (docs/moderation.md#daily-digest). */

export interface OpenReportTotals {
  /** Items with at least one open report. */
  items: number;
  reports: number;
  /** Items whose first open report is at or before the cutoff. */
  overdueItems: number;
}

export async function countOpenReports(db: Database, overdueAt: Date): Promise<OpenReportTotals> {
  const perItem = db
    .select({
      reports: sql<number>`count(*)::int`.as('reports'),
      firstAt: sql<Date>`min(${reports.createdAt})`.as('first_at'),
    })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.targetKind, reports.targetId)
    .as('per_item');
  const [row] = await db
    .select({
      items: sql<number>`count(*)::int`,
      reports: sql<number>`coalesce(sum(${perItem.reports}), 0)::int`,
      overdueItems: sql<number>`(count(*) filter (where ${perItem.firstAt} <= ${overdueAt.toISOString()}::timestamptz))::int`,
    })
    .from(perItem);
  return row ?? { items: 0, reports: 0, overdueItems: 0 };
}

export interface OverdueReportItem {
  kind: ReportTargetKind;
  id: string;
  reports: number;
  firstAt: Date;
}

/** The overdue reported items, the longest-waiting first. */
export async function findOverdueReportItems(
  db: Database,
  overdueAt: Date,
  limit: number,
): Promise<OverdueReportItem[]> {
  return db
    .select({
      kind: reports.targetKind,
      id: reports.targetId,
      reports: sql<number>`count(*)::int`,
      firstAt: sql<Date>`min(${reports.createdAt})`.mapWith((value: string) => new Date(value)),
    })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.targetKind, reports.targetId)
    .having(sql`min(${reports.createdAt}) <= ${overdueAt.toISOString()}::timestamptz`)
    .orderBy(sql`min(${reports.createdAt})`)
    .limit(limit);
}

export async function countOpenTakedowns(
  db: Database,
  overdueAt: Date,
): Promise<{ open: number; overdue: number }> {
  const [row] = await db
    .select({
      open: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${takedownRequests.confirmedAt} <= ${overdueAt.toISOString()}::timestamptz))::int`,
    })
    .from(takedownRequests)
    .where(eq(takedownRequests.status, 'open'));
  return row ?? { open: 0, overdue: 0 };
}

export async function findOverdueTakedowns(db: Database, overdueAt: Date, limit: number) {
  return db
    .select({
      id: takedownRequests.id,
      url: takedownRequests.url,
      confirmedAt: takedownRequests.confirmedAt,
    })
    .from(takedownRequests)
    .where(and(eq(takedownRequests.status, 'open'), lte(takedownRequests.confirmedAt, overdueAt)))
    .orderBy(asc(takedownRequests.confirmedAt), asc(takedownRequests.id))
    .limit(limit);
}

/** Moderators who can read mail now: confirmed addresses, not suspended. */
export async function findModeratorAddresses(db: Database) {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.role, 'moderator'),
        isNotNull(users.emailVerifiedAt),
        or(isNull(users.suspendedUntil), lte(users.suspendedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(users.email));
}

/** Whether the digest of a Japan day has been queued already (a cheap look before counting). */
export async function isDigestDayClaimed(db: Database, day: string): Promise<boolean> {
  const rows = await db
    .select({ day: moderationDigests.day })
    .from(moderationDigests)
    .where(eq(moderationDigests.day, day));
  return rows.length > 0;
}

/**
 * Claims a Japan day (`YYYY-MM-DD`) for the digest: true for the first caller of the day
 * across every instance, false once it has been claimed.
 */
export async function claimDigestDay(db: Database, day: string): Promise<boolean> {
  const rows = await db
    .insert(moderationDigests)
    .values({ day })
    .onConflictDoNothing()
    .returning({ day: moderationDigests.day });
  return rows.length > 0;
}
