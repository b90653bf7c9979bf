import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { shownTo } from '../../db/moderated.js';
import { comments, posts, users } from '../../db/schema/index.js';
import type { PageKey } from '../../lib/page-cursor.js';
import { createdAtMicros, microsToTimestamp, notHiddenFrom } from './posts.repository.js';

/** The only place with Drizzle queries for comments (docs/conventions.md#api-modules). */

export type CommentRow = typeof comments.$inferSelect;

/** The post a comment hangs on, locked against deletion for the rest of the transaction. */
export async function lockPost(db: Database, postId: string) {
  const [row] = await db
    .select({ id: posts.id, userId: posts.userId })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('no key update');
  return row ?? null;
}

/** The post exists and is shown to the viewer (docs/moderation.md#hidden-items). */
export async function postShownTo(
  db: Database,
  postId: string,
  viewerId: string | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), shownTo(posts, viewerId)));
  return row !== undefined;
}

/**
 * Comments with their authors, oldest first, keyed by (created_at, id) as the index is; without
 * what the viewer blocked or muted, or what a moderator took out of their sight.
 */
export async function findCommentViews(
  db: Database,
  options: {
    postId: string;
    id?: string;
    after?: PageKey | null;
    limit?: number;
    /** Leaves out what this member blocked or muted, and what they may not see. */
    viewerId?: string | null;
    /** Who reads, for what a moderator hid alone (`viewerId` when absent). */
    readerId?: string | null;
  },
) {
  const conditions: (SQL | undefined)[] = [
    eq(comments.postId, options.postId),
    notHiddenFrom(options.viewerId ?? null, comments.userId),
    shownTo(comments, options.readerId ?? options.viewerId ?? null),
  ];
  if (options.id) conditions.push(eq(comments.id, options.id));
  if (options.after) {
    conditions.push(
      sql`(${comments.createdAt}, ${comments.id}) > (${microsToTimestamp(options.after.micros)}, ${options.after.id}::uuid)`,
    );
  }
  const query = db
    .select({
      comment: comments,
      authorName: users.name,
      authorAvatar: users.avatarImageId,
      micros: createdAtMicros(comments.createdAt),
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(...conditions))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}

export type CommentViewRow = Awaited<ReturnType<typeof findCommentViews>>[number];

export async function findComment(db: Database, postId: string, commentId: string) {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)));
  return row ?? null;
}

export async function insertComment(
  db: Database,
  values: { postId: string; userId: string; body: string },
): Promise<CommentRow> {
  const [row] = await db.insert(comments).values(values).returning();
  if (!row) throw new Error('insert into comments returned no row');
  return row;
}

export async function updateCommentBody(db: Database, id: string, body: string): Promise<void> {
  await db
    .update(comments)
    .set({ body, updatedAt: sql`now()` })
    .where(eq(comments.id, id));
}

/** True when this call deleted the row (a concurrent delete may have got there first). */
export async function deleteComment(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  return rows.length > 0;
}

export async function addToCommentCount(db: Database, postId: string, delta: 1 | -1) {
  await db
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + ${delta}` })
    .where(eq(posts.id, postId));
}
