import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { comments, likes, postImages, postWants, posts } from '../../db/schema/index.js';
import type { PostRow } from './posts.repository.js';

/**
 * Queries of taking posts away (post-removal.ts): the tree of a member's own posts, others'
 * posts attached to them, and the counters a leaving member's reactions leave
 * (docs/conventions.md#api-modules).
 */

export type LinkRow = Pick<
  PostRow,
  'id' | 'kind' | 'userId' | 'parentPostId' | 'stationGroupId' | 'lat' | 'lng'
>;

const linkColumns = {
  id: posts.id,
  kind: posts.kind,
  userId: posts.userId,
  parentPostId: posts.parentPostId,
  stationGroupId: posts.stationGroupId,
  lat: posts.lat,
  lng: posts.lng,
};

/** The post and the owner's own posts attached below it, at any depth, through the owner's posts. */
export async function findOwnPostTreeIds(
  db: Database,
  ownerId: string,
  rootId: string,
): Promise<string[]> {
  const tree = sql`(with recursive tree(id) as (
      select ${rootId}::uuid
      union
      select child.id from ${posts} as child
      join tree on child.parent_post_id = tree.id
      where child.user_id = ${ownerId}::uuid
    ) select id from tree)`;
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(sql`${posts.id} in ${tree}`);
  return rows.map((row) => row.id);
}

/** Other members' posts attached directly to one of `parentIds`. */
export async function findOthersChildren(
  db: Database,
  ownerId: string,
  parentIds: readonly string[],
): Promise<LinkRow[]> {
  if (parentIds.length === 0) return [];
  return db
    .select(linkColumns)
    .from(posts)
    .where(and(inArray(posts.parentPostId, [...parentIds]), ne(posts.userId, ownerId)));
}

export async function findLinkRows(db: Database, ids: readonly string[]): Promise<LinkRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(linkColumns)
    .from(posts)
    .where(inArray(posts.id, [...ids]));
}

export async function updateLink(
  db: Database,
  id: string,
  values: Pick<PostRow, 'parentPostId' | 'stationGroupId' | 'lat' | 'lng'>,
): Promise<void> {
  await db
    .update(posts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(posts.id, id));
}

export async function findImageIdsOfPosts(
  db: Database,
  postIds: readonly string[],
): Promise<string[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .select({ imageId: postImages.imageId })
    .from(postImages)
    .where(inArray(postImages.postId, [...postIds]));
  return rows.map((row) => row.imageId);
}

export async function findPostIdsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId));
  return rows.map((row) => row.id);
}

/**
 * Takes a member's likes, wants and comments out of the counters of other members' posts,
 * before the member's rows cascade away (the member's own posts go with them).
 */
export async function subtractReactionsOf(db: Database, userId: string): Promise<void> {
  const counters = [
    { table: likes, column: 'like_count' },
    { table: postWants, column: 'want_count' },
    { table: comments, column: 'comment_count' },
  ] as const;
  for (const { table, column } of counters) {
    await db.execute(sql`
      update ${posts} as p
      set ${sql.identifier(column)} = greatest(p.${sql.identifier(column)} - mine.n, 0)
      from (
        select post_id, count(*)::int as n from ${table}
        where user_id = ${userId}::uuid
        group by post_id
      ) as mine
      where p.id = mine.post_id and p.user_id <> ${userId}::uuid`);
  }
}
