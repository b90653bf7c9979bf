import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { likes, postWants, posts, stationWants } from '../../db/schema/index.js';

/**
 * The only place with Drizzle queries for likes, wants and station wants
 * (docs/conventions.md#api-modules).
 */

/** Locks the post's row: its counters change only while it is held. */
export async function lockPost(db: Database, postId: string) {
  const [row] = await db
    .select({
      id: posts.id,
      userId: posts.userId,
      kind: posts.kind,
      likeCount: posts.likeCount,
      wantCount: posts.wantCount,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('no key update');
  return row ?? null;
}

/**
 * When the row was made, if this call added it (a second like by the same member adds nothing);
 * a delete hands back the removed row's time the same way (rankings count it by that day).
 */
export async function insertLike(db: Database, postId: string, userId: string) {
  const rows = await db
    .insert(likes)
    .values({ postId, userId })
    .onConflictDoNothing()
    .returning({ createdAt: likes.createdAt });
  return rows[0]?.createdAt ?? null;
}

export async function deleteLike(db: Database, postId: string, userId: string) {
  const rows = await db
    .delete(likes)
    .where(and(eq(likes.postId, postId), eq(likes.userId, userId)))
    .returning({ createdAt: likes.createdAt });
  return rows[0]?.createdAt ?? null;
}

export async function insertPostWant(db: Database, postId: string, userId: string) {
  const rows = await db
    .insert(postWants)
    .values({ postId, userId })
    .onConflictDoNothing()
    .returning({ createdAt: postWants.createdAt });
  return rows[0]?.createdAt ?? null;
}

export async function deletePostWant(db: Database, postId: string, userId: string) {
  const rows = await db
    .delete(postWants)
    .where(and(eq(postWants.postId, postId), eq(postWants.userId, userId)))
    .returning({ createdAt: postWants.createdAt });
  return rows[0]?.createdAt ?? null;
}

/** Moves a post's counter by one and returns its new value. */
export async function addToCounter(
  db: Database,
  postId: string,
  counter: 'likeCount' | 'wantCount',
  delta: 1 | -1,
): Promise<number> {
  const column = posts[counter];
  const [row] = await db
    .update(posts)
    .set({ [counter]: sql`${column} + ${delta}` })
    .where(eq(posts.id, postId))
    .returning({ value: column });
  return row?.value ?? 0;
}

export async function insertStationWant(db: Database, stationGroupId: number, userId: string) {
  const rows = await db
    .insert(stationWants)
    .values({ stationGroupId, userId })
    .onConflictDoNothing()
    .returning({ userId: stationWants.userId });
  return rows.length > 0;
}

export async function deleteStationWant(db: Database, stationGroupId: number, userId: string) {
  const rows = await db
    .delete(stationWants)
    .where(and(eq(stationWants.stationGroupId, stationGroupId), eq(stationWants.userId, userId)))
    .returning({ userId: stationWants.userId });
  return rows.length > 0;
}

/**
 * Members who want to visit a station: counted from the rows, exactly as the station page
 * (`GET /stations/{id}` counts.want_to_visit) counts them, so the two always agree.
 */
export async function countStationWants(db: Database, stationGroupId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(stationWants)
    .where(eq(stationWants.stationGroupId, stationGroupId));
  return row?.value ?? 0;
}

export async function hasStationWant(
  db: Database,
  stationGroupId: number,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: stationWants.userId })
    .from(stationWants)
    .where(and(eq(stationWants.stationGroupId, stationGroupId), eq(stationWants.userId, userId)));
  return row !== undefined;
}
