import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  images,
  listItems,
  lists,
  postImages,
  posts,
  stamps,
  stationGroups,
  users,
} from '../../db/schema/index.js';

/**
 * The writes of an import (docs/archive.md#importing), all inside its one transaction. They go
 * straight to the tables rather than through the posts and lists services on purpose: an
 * imported post is not a new post (no 「投稿しました」 event: nobody is notified, no ranking
 * counts it, it keeps its own date), and an import is one transaction across all of them.
 */

export async function existingStationIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: stationGroups.id })
    .from(stationGroups)
    .where(inArray(stationGroups.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function insertImportedPost(
  db: Database,
  values: typeof posts.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(posts).values(values).returning({ id: posts.id });
  if (!row) throw new Error('insert into posts returned no row');
  return row.id;
}

/** Links stored images to their post, in order, and gives them their owner. */
export async function attachImages(
  db: Database,
  postId: string,
  ownerId: string,
  imageIds: string[],
): Promise<void> {
  if (imageIds.length === 0) return;
  await db.update(images).set({ ownerId }).where(inArray(images.id, imageIds));
  await db
    .insert(postImages)
    .values(imageIds.map((imageId, position) => ({ postId, imageId, position })));
}

export async function countLists(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(lists).where(eq(lists.userId, userId));
  return row?.value ?? 0;
}

export async function insertImportedList(
  db: Database,
  list: typeof lists.$inferInsert,
  items: { stationGroupId: number | null; postId: string | null; note: string }[],
): Promise<string> {
  const [row] = await db.insert(lists).values(list).returning({ id: lists.id });
  if (!row) throw new Error('insert into lists returned no row');
  if (items.length > 0)
    await db
      .insert(listItems)
      .values(items.map((item, index) => ({ ...item, listId: row.id, position: index + 1 })));
  return row.id;
}

/** 「記録のみ」 stamps; a station the member has a stamp of already keeps its own. */
export async function insertRecordOnlyStamps(
  db: Database,
  rows: { userId: string; stationGroupId: number; collectedAt: Date }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(stamps)
    .values(rows.map((row) => ({ ...row, recordOnly: true, distanceBucket: null })))
    .onConflictDoNothing()
    .returning({ id: stamps.id });
  return inserted.length;
}

export async function updateAccountSettings(
  db: Database,
  userId: string,
  values: { mailOptIn: boolean; actionsPublic: boolean },
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}
