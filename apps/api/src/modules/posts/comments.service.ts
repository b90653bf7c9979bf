import type { Comment, CommentPage } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import {
  assertMayComment,
  DEFAULT_NEWCOMER_LIMITS,
  type NewcomerLimits,
} from '../newcomers/newcomers.service.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import * as repository from './comments.repository.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { decodeCursor, toPage } from '../../lib/page-cursor.js';
import { POST_MESSAGES as M } from './posts.messages.js';
import { assertMayInteract } from '../blocks/blocks.service.js';
import { indexComment } from '../search/search-index.service.js';
import { inTransaction, recordEvent } from '../effects/effects.service.js';

/**
 * Comment rules: anyone signed in may comment; only the author edits; the author or the
 * post's owner deletes. The post's comment_count changes in the same transaction as the row,
 * and only when a row really came or went, so it stays exact under concurrent requests.
 * Every transaction locks the post first, as deleting a post does, so they never deadlock.
 * Adding and deleting record their domain event (docs/architecture.md#domain-events).
 */

function toComment(row: repository.CommentViewRow): Comment {
  return {
    id: row.comment.id,
    post_id: row.comment.postId,
    body: row.comment.body,
    user: { id: row.comment.userId, name: row.authorName, avatar: row.authorAvatar },
    created_at: row.comment.createdAt.toISOString(),
    updated_at: row.comment.updatedAt.toISOString(),
    // Only its author is shown a hidden comment (docs/moderation.md#hidden-items), with a notice.
    ...(row.comment.hiddenAt !== null && { hidden: true as const }),
  };
}

/** One comment, when the viewer may see it and its post (docs/moderation.md#hidden-items). */
export async function getComment(
  db: Database,
  postId: string,
  commentId: string,
  viewerId: string | null = null,
) {
  const [row] = (await repository.postShownTo(db, postId, viewerId))
    ? await repository.findCommentViews(db, { postId, id: commentId, readerId: viewerId })
    : [];
  if (!row) throw notFound(M.commentNotFound);
  return toComment(row);
}

/** Oldest first, as a conversation reads; without what the viewer blocked or muted. */
export async function listComments(
  db: Database,
  postId: string,
  query: { cursor?: string; limit: number },
  viewerId: string | null = null,
): Promise<CommentPage> {
  const after = decodeCursor(query.cursor);
  if (!(await repository.postShownTo(db, postId, viewerId))) throw notFound(M.notFound);
  const rows = await repository.findCommentViews(db, {
    postId,
    after,
    limit: query.limit + 1,
    viewerId,
  });
  const page = toPage(
    rows.map((row) => ({ ...row, cursorKey: { micros: row.micros, id: row.comment.id } })),
    query.limit,
  );
  return { items: page.items.map(toComment), next_cursor: page.nextCursor };
}

export async function createComment(
  db: Database,
  userId: string,
  postId: string,
  body: string,
  limits: NewcomerLimits = DEFAULT_NEWCOMER_LIMITS,
): Promise<Comment> {
  await assertMayComment(db, userId, limits, body);
  let commentId: string;
  try {
    commentId = await inTransaction(db, async (tx) => {
      const post = await repository.lockPost(tx, postId);
      if (!post) throw notFound(M.notFound);
      await assertMayInteract(tx, post.userId, userId);
      const row = await repository.insertComment(tx, { postId, userId, body });
      await repository.addToCommentCount(tx, postId, 1);
      await indexComment(tx, row.id);
      await recordEvent(tx, {
        type: 'commented',
        actorId: userId,
        postId,
        ownerId: post.userId,
        commentId: row.id,
        at: row.createdAt,
      });
      return row.id;
    });
  } catch (error) {
    // The author left the service while commenting: nothing was written.
    if (isForeignKeyViolation(error)) throw notFound(M.notFound);
    throw error;
  }
  return getComment(db, postId, commentId, userId);
}

export async function updateComment(
  db: Database,
  userId: string,
  postId: string,
  commentId: string,
  body: string,
): Promise<Comment> {
  await db.transaction(async (tx) => {
    if (!(await repository.lockPost(tx, postId))) throw notFound(M.commentNotFound);
    const comment = await repository.findComment(tx, postId, commentId);
    if (!comment) throw notFound(M.commentNotFound);
    if (comment.userId !== userId) throw forbidden(M.commentNotYoursToEdit);
    await repository.updateCommentBody(tx, commentId, body);
    await indexComment(tx, commentId);
  });
  return getComment(db, postId, commentId, userId);
}

export async function deleteComment(
  db: Database,
  userId: string,
  postId: string,
  commentId: string,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const post = await repository.lockPost(tx, postId);
    if (!post) throw notFound(M.commentNotFound);
    const comment = await repository.findComment(tx, postId, commentId);
    if (!comment) throw notFound(M.commentNotFound);
    if (comment.userId !== userId && post.userId !== userId)
      throw forbidden(M.commentNotYoursToDelete);
    await removeCommentIn(tx, post, comment);
  });
}

/**
 * A moderator's removal of a comment (docs/moderation.md#actions), in the caller's
 * transaction; false when there is no such comment.
 */
export async function removeCommentAsModerator(
  tx: Database,
  postId: string,
  commentId: string,
): Promise<boolean> {
  const post = await repository.lockPost(tx, postId);
  const comment = post && (await repository.findComment(tx, postId, commentId));
  if (!post || !comment) return false;
  await removeCommentIn(tx, post, comment);
  return true;
}

async function removeCommentIn(
  tx: Database,
  post: { userId: string },
  comment: { id: string; postId: string; userId: string; createdAt: Date },
): Promise<void> {
  // Before the delete, while its notifications are there to read; under the post's lock
  // nothing else deletes the comment meanwhile (leaving the service locks the post too).
  await recordEvent(tx, {
    type: 'comment-removed',
    actorId: comment.userId,
    postId: comment.postId,
    ownerId: post.userId,
    commentId: comment.id,
    at: comment.createdAt,
  });
  if (!(await repository.deleteComment(tx, comment.id))) return;
  await repository.addToCommentCount(tx, comment.postId, -1);
}
