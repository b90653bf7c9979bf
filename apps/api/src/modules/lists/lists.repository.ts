import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { shownTo, shownToAll } from '../../db/moderated.js';
import { descending } from '../../db/order.js';
import { notRelatedTo } from '../../db/related-members.js';
import {
  follows,
  images,
  listItems,
  lists,
  postImages,
  posts,
  users,
} from '../../db/schema/index.js';
import type { PageKey } from '../../lib/page-cursor.js';

/** The only place with Drizzle queries for lists and their items (docs/conventions.md#api-modules). */

export type ListRow = typeof lists.$inferSelect;

const micros = (column: SQLWrapper) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
const fromMicros = (value: string) =>
  sql`(timestamptz 'epoch' + (${value}::text || ' microseconds')::interval)`;

/* ---- Lists ---- */

const coverImage = alias(images, 'cover');

/**
 * The cover: the first photo of the first item (in list order) that is a post with photos,
 * shown to everyone (docs/moderation.md#hidden-items). Read, not stored, so it follows every
 * reorder, deletion and hide, and no image row is held by it.
 */
const coverIdOf = (listId: SQLWrapper) => sql`(
  select ${postImages.imageId} from ${listItems}
  join ${postImages} on ${postImages.postId} = ${listItems.postId}
  join ${posts} on ${posts.id} = ${listItems.postId}
  where ${listItems.listId} = ${listId} and ${shownToAll(posts)}
  order by ${listItems.position}, ${listItems.id}, ${postImages.position}
  limit 1)`;

export function listViewQuery(db: Database) {
  return db
    .select({
      list: lists,
      authorName: users.name,
      authorAvatar: users.avatarImageId,
      coverId: coverImage.id,
      coverWidth: coverImage.width,
      coverHeight: coverImage.height,
      micros: micros(lists.updatedAt),
    })
    .from(lists)
    .innerJoin(users, eq(users.id, lists.userId))
    .leftJoin(coverImage, sql`${coverImage.id} = ${coverIdOf(lists.id)}`);
}

export type ListViewRow = Awaited<ReturnType<typeof findListView>>[number];

/** A list as `reader` may see it (docs/moderation.md#hidden-items); null is everyone. */
export function findListView(db: Database, listId: string, reader: string | null) {
  return listViewQuery(db).where(and(eq(lists.id, listId), shownTo(lists, reader)));
}

/** Lists of everyone or of followees, by last update; blocked, muted and hidden left out. */
export function findListViews(
  db: Database,
  options: {
    ownerId?: string;
    publicOnly: boolean;
    followedBy?: string;
    viewerId: string | null;
    /** Who reads (docs/moderation.md#hidden-items); null for a visitor. */
    reader: string | null;
    after: PageKey | null;
    limit: number;
  },
) {
  const conditions: (SQL | undefined)[] = [
    shownTo(lists, options.reader),
    options.ownerId ? eq(lists.userId, options.ownerId) : undefined,
    options.publicOnly ? eq(lists.isPublic, true) : undefined,
    options.followedBy
      ? sql`exists (select 1 from ${follows} where ${follows.followerId} = ${options.followedBy} and ${follows.followeeId} = ${lists.userId})`
      : undefined,
    hiddenFromViewer(options.viewerId),
  ];
  if (options.after) {
    conditions.push(
      sql`(${lists.updatedAt}, ${lists.id}) < (${fromMicros(options.after.micros)}, ${options.after.id}::uuid)`,
    );
  }
  return listViewQuery(db)
    .where(and(...conditions))
    .orderBy(descending(lists.updatedAt), descending(lists.id))
    .limit(options.limit);
}

/** Owners the viewer blocked or muted, or who blocked the viewer, stay off the timelines. */
function hiddenFromViewer(viewerId: string | null): SQL | undefined {
  if (!viewerId) return undefined;
  return notRelatedTo(lists.userId, viewerId, ['blocked', 'blockedBy', 'muted']);
}

/** `reader`, when given, leaves out a list not shown to them (null: to everyone). */
export async function findList(
  db: Database,
  listId: string,
  options: { forUpdate?: boolean; reader?: string | null } = {},
) {
  const shown = options.reader === undefined ? undefined : shownTo(lists, options.reader);
  const query = db
    .select()
    .from(lists)
    .where(and(eq(lists.id, listId), shown));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function countListsOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(lists)
    .where(eq(lists.userId, userId));
  return row?.n ?? 0;
}

export async function insertList(
  db: Database,
  values: { userId: string; title: string; description: string; isPublic: boolean },
) {
  const [row] = await db.insert(lists).values(values).returning({ id: lists.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateList(
  db: Database,
  listId: string,
  values: Partial<Pick<ListRow, 'title' | 'description' | 'isPublic'>>,
) {
  await db
    .update(lists)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(lists.id, listId));
}

/** Any change to the items counts as an update of the list (the timelines' order). */
export async function touchList(db: Database, listId: string) {
  await db
    .update(lists)
    .set({ updatedAt: sql`now()` })
    .where(eq(lists.id, listId));
}

export async function deleteList(db: Database, listId: string) {
  await db.delete(lists).where(eq(lists.id, listId));
}

/** The member's lists (most recently updated first) with the item holding the target, if any. */
export async function findContaining(
  db: Database,
  userId: string,
  target: { stationGroupId?: number; postId?: string },
) {
  const match =
    target.stationGroupId !== undefined
      ? eq(listItems.stationGroupId, target.stationGroupId)
      : eq(listItems.postId, target.postId ?? '');
  return db
    .select({
      id: lists.id,
      title: lists.title,
      isPublic: lists.isPublic,
      itemCount: lists.itemCount,
      itemId: listItems.id,
    })
    .from(lists)
    .leftJoin(listItems, and(eq(listItems.listId, lists.id), match))
    .where(eq(lists.userId, userId))
    .orderBy(descending(lists.updatedAt), descending(lists.id));
}
