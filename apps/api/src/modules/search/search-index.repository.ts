import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { comments, posts, searchDocuments } from '../../db/schema/index.js';

/** The only queries that write the search index (docs/search.md#indexing). */

export type SearchDocumentRow = typeof searchDocuments.$inferInsert;

/** A text as the index reads it: a post's title and body, or a comment's body. */
export interface IndexSource {
  id: string;
  postId: string;
  commentId: string | null;
  userId: string;
  title: string;
  body: string;
  createdAt: Date;
}

export async function findPostSource(db: Database, postId: string): Promise<IndexSource | null> {
  const [row] = await db
    .select({
      id: posts.id,
      postId: posts.id,
      userId: posts.userId,
      title: posts.title,
      body: posts.body,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  return row ? { ...row, commentId: null } : null;
}

export async function findCommentSource(
  db: Database,
  commentId: string,
): Promise<IndexSource | null> {
  const [row] = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      commentId: comments.id,
      userId: comments.userId,
      body: comments.body,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .where(eq(comments.id, commentId));
  return row ? { ...row, title: '' } : null;
}

/** Inserts the rows, or replaces those already indexed (an edit). */
export async function upsertDocuments(db: Database, rows: SearchDocumentRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(searchDocuments)
    .values(rows)
    .onConflictDoUpdate({
      target: searchDocuments.id,
      set: {
        title: sql`excluded.title`,
        text: sql`excluded.text`,
        tokens: sql`excluded.tokens`,
        tags: sql`excluded.tags`,
      },
    });
}

/** Posts not yet in the index, oldest id first after `afterId`: the backfill's next batch. */
export async function findUnindexedPosts(
  db: Database,
  afterId: string | null,
  limit: number,
): Promise<IndexSource[]> {
  const rows = await db
    .select({
      id: posts.id,
      postId: posts.id,
      userId: posts.userId,
      title: posts.title,
      body: posts.body,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .leftJoin(searchDocuments, eq(searchDocuments.id, posts.id))
    .where(and(isNull(searchDocuments.id), afterId ? gt(posts.id, afterId) : undefined))
    .orderBy(asc(posts.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, commentId: null }));
}

/** Comments not yet in the index, as `findUnindexedPosts`. */
export async function findUnindexedComments(
  db: Database,
  afterId: string | null,
  limit: number,
): Promise<IndexSource[]> {
  const rows = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      commentId: comments.id,
      userId: comments.userId,
      body: comments.body,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .leftJoin(searchDocuments, eq(searchDocuments.id, comments.id))
    .where(and(isNull(searchDocuments.id), afterId ? gt(comments.id, afterId) : undefined))
    .orderBy(asc(comments.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, title: '' }));
}
