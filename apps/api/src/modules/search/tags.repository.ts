import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { comments, posts, searchDocuments as d, tagFollows } from '../../db/schema/index.js';
import { visibleTo } from './search.repository.js';

/** The queries of hashtags: counts, trending, follows (docs/search.md#hashtags). */

const hasTag = (tag: string) => sql`${d.tags} @> array[${tag}]::text[]`;

/**
 * The text is in the viewer's sight (`visibleTo`), asked of each row on its own: the posts and
 * comments are probed by primary key for the few rows of a tag or of the last day, where a join
 * would have the planner hash the whole posts table (docs/search.md#hashtags).
 */
function inSightOf(viewerId: string | null) {
  const rules = visibleTo(viewerId);
  return sql`coalesce((select true from ${posts} left join ${comments} on ${comments.id} = ${d.commentId}
    where ${posts.id} = ${d.postId} and ${and(...rules)} limit 1), false)`;
}

/** Posts and comments with the tag that the viewer may see. */
export async function countTagged(db: Database, tag: string, viewerId: string | null) {
  const [row] = await db
    .select({ n: count() })
    .from(d)
    .where(and(hasTag(tag), inSightOf(viewerId)));
  return row?.n ?? 0;
}

/**
 * The tags the most distinct members used since `since`, among what the viewer may see: hidden
 * and suspended members' texts, and for a member the texts of those they block, mute or are
 * blocked by, count for nothing.
 */
export function findTrending(
  db: Database,
  options: { since: Date; viewerId: string | null; minMembers: number; limit: number },
) {
  const tag = sql<string>`tag.name`;
  const members = sql<number>`count(distinct ${d.userId})::int`;
  return db
    .select({ name: tag, memberCount: members })
    .from(d)
    .crossJoin(sql`unnest(${d.tags}) as tag(name)`)
    .where(
      and(
        gt(d.createdAt, options.since),
        sql`cardinality(${d.tags}) > 0`,
        inSightOf(options.viewerId),
      ),
    )
    .groupBy(tag)
    .having(sql`${members} >= ${options.minMembers}`)
    .orderBy(desc(members), desc(sql`max(${d.createdAt})`), asc(tag))
    .limit(options.limit);
}

/** Tags with at least `min` posts everyone may see (the sitemap lists their pages). */
export function findPublicTags(db: Database, min: number, limit: number) {
  const tag = sql<string>`tag.name`;
  return db
    .select({ name: tag, posts: sql<number>`count(*)::int` })
    .from(d)
    .crossJoin(sql`unnest(${d.tags}) as tag(name)`)
    .where(and(sql`cardinality(${d.tags}) > 0`, inSightOf(null)))
    .groupBy(tag)
    .having(sql`count(*) >= ${min}`)
    .orderBy(asc(tag))
    .limit(limit);
}

export async function isFollowed(db: Database, userId: string, tag: string): Promise<boolean> {
  const [row] = await db
    .select({ tag: tagFollows.tag })
    .from(tagFollows)
    .where(and(eq(tagFollows.userId, userId), eq(tagFollows.tag, tag)));
  return Boolean(row);
}

export async function setFollow(db: Database, userId: string, tag: string, on: boolean) {
  if (on) await db.insert(tagFollows).values({ userId, tag }).onConflictDoNothing();
  else
    await db.delete(tagFollows).where(and(eq(tagFollows.userId, userId), eq(tagFollows.tag, tag)));
}

export async function findFollowed(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ tag: tagFollows.tag })
    .from(tagFollows)
    .where(eq(tagFollows.userId, userId))
    .orderBy(asc(tagFollows.tag));
  return rows.map((row) => row.tag);
}

export async function countFollowed(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tagFollows)
    .where(eq(tagFollows.userId, userId));
  return row?.n ?? 0;
}
