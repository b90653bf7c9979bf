import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { comments, posts } from '../../db/schema/index.js';

/** What a member wrote lately, for the newcomer limits (docs/moderation.md#new-accounts). */

const since = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/** The member's posts and comments of the last `seconds`, with their text. */
export async function findRecentWriting(db: Database, userId: string, seconds: number) {
  const [postRows, commentRows] = await Promise.all([
    db
      .select({ title: posts.title, body: posts.body })
      .from(posts)
      .where(and(eq(posts.userId, userId), gt(posts.createdAt, since(seconds)))),
    db
      .select({ body: comments.body })
      .from(comments)
      .where(and(eq(comments.userId, userId), gt(comments.createdAt, since(seconds)))),
  ]);
  return { posts: postRows, comments: commentRows };
}

/** Whether the member posted this very body in the last `seconds` at another station. */
export async function postedSameBodyElsewhere(
  db: Database,
  userId: string,
  body: string,
  stationGroupId: number | null,
  seconds: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.userId, userId),
        eq(posts.body, body),
        gt(posts.createdAt, since(seconds)),
        stationGroupId === null
          ? sql`${posts.stationGroupId} is not null`
          : sql`${posts.stationGroupId} is distinct from ${stationGroupId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
