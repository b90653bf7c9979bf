import { and, eq, sql } from 'drizzle-orm';
import type { ReportCreateBody, ReportTargetKind } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { notSuspended, shownTo, shownToAll } from '../../db/moderated.js';
import { comments, lists, posts, reports, users } from '../../db/schema/index.js';

/** Drizzle queries for reports (docs/conventions.md#api-modules). */

export type ReportRow = typeof reports.$inferSelect;

/**
 * Who owns the reported item, and whether it is public; null when there is none, or when
 * moderators took it (or, for a comment, its post) out of the reporter's sight
 * (docs/moderation.md#hidden-items).
 */
export async function findTarget(
  db: Database,
  kind: ReportTargetKind,
  id: string,
  reporterId: string,
): Promise<{ ownerId: string; isPublic: boolean } | null> {
  switch (kind) {
    case 'post': {
      const [row] = await db
        .select({ ownerId: posts.userId })
        .from(posts)
        .where(and(eq(posts.id, id), shownToAll(posts)));
      return row ? { ownerId: row.ownerId, isPublic: true } : null;
    }
    case 'comment': {
      const [row] = await db
        .select({ ownerId: comments.userId })
        .from(comments)
        // A comment is seen on its post's page: under a post out of sight, it is out of sight.
        .innerJoin(posts, eq(posts.id, comments.postId))
        .where(and(eq(comments.id, id), shownToAll(comments), shownTo(posts, reporterId)));
      return row ? { ownerId: row.ownerId, isPublic: true } : null;
    }
    case 'user': {
      const [row] = await db
        .select({ ownerId: users.id })
        .from(users)
        .where(
          and(eq(users.id, id), sql`${users.emailVerifiedAt} is not null`, notSuspended(users.id)),
        );
      return row ? { ownerId: row.ownerId, isPublic: true } : null;
    }
    case 'list': {
      const [row] = await db
        .select({ ownerId: lists.userId, isPublic: lists.isPublic })
        .from(lists)
        .where(and(eq(lists.id, id), shownToAll(lists)));
      return row ?? null;
    }
    default:
      return kind satisfies never;
  }
}

/** Writes the report, or returns null when the member already has one open about the item. */
export async function insertOpenReport(
  db: Database,
  values: { reporterId: string; targetOwnerId: string } & ReportCreateBody,
): Promise<ReportRow | null> {
  const [row] = await db
    .insert(reports)
    .values({
      reporterId: values.reporterId,
      targetKind: values.target.kind,
      targetId: values.target.id,
      targetOwnerId: values.targetOwnerId,
      reason: values.reason,
      note: values.note || null,
    })
    .onConflictDoNothing({
      target: [reports.reporterId, reports.targetKind, reports.targetId],
      where: sql`${reports.status} = 'open'`,
    })
    .returning();
  return row ?? null;
}
