import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { reports, users } from '../../db/schema/index.js';

/** Drizzle queries for moderators and the report queue (docs/conventions.md#api-modules). */

export interface ModeratorRow {
  id: string;
  email: string;
  name: string;
}

/** Sets the role of the member with this address; null when there is none. */
export async function setRole(
  db: Database,
  email: string,
  role: 'member' | 'moderator',
): Promise<ModeratorRow | null> {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.email, email))
    .returning({ id: users.id, email: users.email, name: users.name });
  return row ?? null;
}

export async function findModerators(db: Database): Promise<ModeratorRow[]> {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.role, 'moderator'))
    .orderBy(asc(users.email));
}

export interface OpenItemRow {
  targetKind: (typeof reports.$inferSelect)['targetKind'];
  targetId: string;
  targetOwnerId: string | null;
  reports: number;
  reasons: string[];
  firstAt: Date;
  lastAt: Date;
}

/** Open reports grouped by item, the longest-waiting item first (docs/moderation.md#the-queue). */
export async function findOpenItems(db: Database, limit: number): Promise<OpenItemRow[]> {
  return db
    .select({
      targetKind: reports.targetKind,
      targetId: reports.targetId,
      targetOwnerId: sql<string | null>`(array_agg(${reports.targetOwnerId}))[1]`,
      reports: sql<number>`count(*)::int`,
      reasons: sql<string[]>`array_agg(${reports.reason}::text order by ${reports.createdAt})`,
      firstAt: sql<Date>`min(${reports.createdAt})`.mapWith((value: string) => new Date(value)),
      lastAt: sql<Date>`max(${reports.createdAt})`.mapWith((value: string) => new Date(value)),
    })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.targetKind, reports.targetId)
    .orderBy(sql`min(${reports.createdAt})`)
    .limit(limit);
}

export async function findNames(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.id, [...ids])));
}
