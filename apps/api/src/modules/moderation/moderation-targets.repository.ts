import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ModerationTarget, ReportTargetKind } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import {
  comments,
  lists,
  moderationActions,
  posts,
  reports,
  users,
} from '../../db/schema/index.js';

/**
 * Drizzle queries for the items moderators act on (docs/moderation.md#actions): what an item
 * is and says, and the hidden and suspended marks. Removal goes through the owning module's
 * service (moderation-actions.ts).
 */

/** An item as a moderator sees it, whatever its kind. */
export interface TargetRow {
  kind: ReportTargetKind;
  id: string;
  /** The author (the member, for a member). */
  ownerId: string;
  ownerName: string;
  /** A post's or list's title, a member's name; empty for a comment. */
  title: string;
  /** The body, comment, description or bio. */
  text: string;
  /** The post a comment is on (its address needs it). */
  postId: string | null;
  hiddenAt: Date | null;
  /** The author's suspension (the member's, for a member). */
  suspendedUntil: Date | null;
}

const owner = { ownerName: users.name, suspendedUntil: users.suspendedUntil };

/** The items, found by kind and id (missing ones are left out), in one query per kind. */
export async function findTargets(
  db: Database,
  targets: readonly ModerationTarget[],
  options: { forUpdate?: boolean } = {},
): Promise<TargetRow[]> {
  const idsOf = (kind: ReportTargetKind) =>
    targets.filter((target) => target.kind === kind).map((target) => target.id);
  const lock = <T extends { for: (strength: 'update') => unknown }>(query: T) =>
    (options.forUpdate ? query.for('update') : query) as T;
  const [postIds, commentIds, listIds, userIds] = [
    idsOf('post'),
    idsOf('comment'),
    idsOf('list'),
    idsOf('user'),
  ];
  const [postRows, commentRows, listRows, userRows] = await Promise.all([
    postIds.length === 0
      ? []
      : lock(
          db
            .select({
              id: posts.id,
              ownerId: posts.userId,
              title: posts.title,
              text: posts.body,
              hiddenAt: posts.hiddenAt,
              ...owner,
            })
            .from(posts)
            .innerJoin(users, eq(users.id, posts.userId))
            .where(inArray(posts.id, postIds))
            .$dynamic(),
        ),
    commentIds.length === 0
      ? []
      : lock(
          db
            .select({
              id: comments.id,
              ownerId: comments.userId,
              text: comments.body,
              postId: comments.postId,
              hiddenAt: comments.hiddenAt,
              ...owner,
            })
            .from(comments)
            .innerJoin(users, eq(users.id, comments.userId))
            .where(inArray(comments.id, commentIds))
            .$dynamic(),
        ),
    listIds.length === 0
      ? []
      : lock(
          db
            .select({
              id: lists.id,
              ownerId: lists.userId,
              title: lists.title,
              text: lists.description,
              hiddenAt: lists.hiddenAt,
              ...owner,
            })
            .from(lists)
            .innerJoin(users, eq(users.id, lists.userId))
            .where(inArray(lists.id, listIds))
            .$dynamic(),
        ),
    userIds.length === 0
      ? []
      : lock(
          db
            .select({
              id: users.id,
              ownerId: users.id,
              title: users.name,
              text: users.bio,
              ...owner,
            })
            .from(users)
            .where(and(inArray(users.id, userIds), sql`${users.emailVerifiedAt} is not null`))
            .$dynamic(),
        ),
  ]);
  return [
    ...postRows.map((row) => ({ ...row, kind: 'post' as const, postId: null })),
    ...commentRows.map((row) => ({ ...row, kind: 'comment' as const, title: '' })),
    ...listRows.map((row) => ({ ...row, kind: 'list' as const, postId: null })),
    ...userRows.map((row) => ({ ...row, kind: 'user' as const, postId: null, hiddenAt: null })),
  ];
}

/** Sets or clears a moderator's hide on a post, comment or list. */
export async function setHidden(
  db: Database,
  target: ModerationTarget,
  hidden: boolean,
): Promise<void> {
  const hiddenAt = hidden ? sql`now()` : null;
  switch (target.kind) {
    case 'post':
      await db.update(posts).set({ hiddenAt }).where(eq(posts.id, target.id));
      return;
    case 'comment':
      await db.update(comments).set({ hiddenAt }).where(eq(comments.id, target.id));
      return;
    case 'list':
      await db.update(lists).set({ hiddenAt }).where(eq(lists.id, target.id));
      return;
    case 'user':
      throw new Error('a member is suspended, not hidden');
  }
}

export async function setSuspendedUntil(
  db: Database,
  userId: string,
  until: Date | null,
): Promise<void> {
  await db.update(users).set({ suspendedUntil: until }).where(eq(users.id, userId));
}

/** Closes the open reports about an item; returns the reporters. */
export async function closeOpenReports(
  db: Database,
  target: ModerationTarget,
  status: 'dismissed' | 'actioned',
  moderatorId: string,
): Promise<string[]> {
  const rows = await db
    .update(reports)
    .set({ status, resolvedAt: sql`now()`, resolvedBy: moderatorId })
    .where(
      and(
        eq(reports.targetKind, target.kind),
        eq(reports.targetId, target.id),
        eq(reports.status, 'open'),
      ),
    )
    .returning({ reporterId: reports.reporterId });
  return [...new Set(rows.map((row) => row.reporterId))];
}

/** Each author's record: reports about their items, and earlier actions against them. */
export async function findAuthorHistories(db: Database, ownerIds: readonly string[]) {
  if (ownerIds.length === 0) return [];
  const ids = [...ownerIds];
  const [reportCounts, actionCounts, suspensions] = await Promise.all([
    db
      .select({ ownerId: reports.targetOwnerId, count: sql<number>`count(*)::int` })
      .from(reports)
      .where(inArray(reports.targetOwnerId, ids))
      .groupBy(reports.targetOwnerId),
    db
      .select({ ownerId: moderationActions.targetOwnerId, count: sql<number>`count(*)::int` })
      .from(moderationActions)
      .where(
        and(
          inArray(moderationActions.targetOwnerId, ids),
          inArray(moderationActions.action, ['hide', 'remove', 'warn', 'suspend']),
        ),
      )
      .groupBy(moderationActions.targetOwnerId),
    db
      .select({ id: users.id, suspendedUntil: users.suspendedUntil })
      .from(users)
      .where(inArray(users.id, ids)),
  ]);
  return ids.map((id) => ({
    ownerId: id,
    reports: reportCounts.find((row) => row.ownerId === id)?.count ?? 0,
    actions: actionCounts.find((row) => row.ownerId === id)?.count ?? 0,
    suspendedUntil: suspensions.find((row) => row.id === id)?.suspendedUntil ?? null,
  }));
}
