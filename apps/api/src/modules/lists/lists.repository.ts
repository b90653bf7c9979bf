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
  prefectures,
  stationGroups,
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

/* ---- Items ---- */

const itemPost = alias(posts, 'item_post');
const itemPostStation = alias(stationGroups, 'item_post_station');
const itemPostParent = alias(posts, 'item_post_parent');
const itemPostAuthor = alias(users, 'item_post_author');
const itemPostImage = alias(images, 'item_post_image');

const firstPhotoIdOf = (postId: SQLWrapper) => sql`(
  select ${postImages.imageId} from ${postImages}
  where ${postImages.postId} = ${postId}
  order by ${postImages.position} limit 1)`;

/**
 * Every item of a list in order, with what it points at, in one query; posts (and parents) not
 * shown to `reader` are left out (docs/moderation.md#hidden-items), the rest numbered 1…n.
 */
export function findItemViews(db: Database, listId: string, reader: string | null) {
  return db
    .select({
      item: listItems,
      rank: sql<number>`(row_number() over (order by ${listItems.position}, ${listItems.id}))::int`,
      station: {
        id: stationGroups.id,
        name: stationGroups.name,
        prefectureName: prefectures.name,
        closed: stationGroups.closed,
        lat: stationGroups.lat,
        lng: stationGroups.lng,
      },
      post: {
        id: itemPost.id,
        kind: itemPost.kind,
        title: itemPost.title,
        body: itemPost.body,
        userId: itemPost.userId,
        stationGroupId: itemPost.stationGroupId,
        parentPostId: itemPost.parentPostId,
        lat: itemPost.lat,
        lng: itemPost.lng,
        startsAt: itemPost.startsAt,
        endsAt: itemPost.endsAt,
      },
      postAuthorName: itemPostAuthor.name,
      postAuthorAvatar: itemPostAuthor.avatarImageId,
      postStationName: itemPostStation.name,
      postStationLat: itemPostStation.lat,
      postStationLng: itemPostStation.lng,
      postParentTitle: itemPostParent.title,
      postParentLat: itemPostParent.lat,
      postParentLng: itemPostParent.lng,
      imageId: itemPostImage.id,
      imageWidth: itemPostImage.width,
      imageHeight: itemPostImage.height,
    })
    .from(listItems)
    .leftJoin(stationGroups, eq(stationGroups.id, listItems.stationGroupId))
    .leftJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId))
    .leftJoin(itemPost, eq(itemPost.id, listItems.postId))
    .leftJoin(itemPostAuthor, eq(itemPostAuthor.id, itemPost.userId))
    .leftJoin(itemPostStation, eq(itemPostStation.id, itemPost.stationGroupId))
    .leftJoin(
      itemPostParent,
      and(eq(itemPostParent.id, itemPost.parentPostId), shownTo(itemPostParent, reader)),
    )
    .leftJoin(itemPostImage, sql`${itemPostImage.id} = ${firstPhotoIdOf(itemPost.id)}`)
    .where(
      and(
        eq(listItems.listId, listId),
        sql`(${listItems.postId} is null or ${shownTo(itemPost, reader)})`,
      ),
    )
    .orderBy(listItems.position, listItems.id);
}

export type ItemViewRow = Awaited<ReturnType<typeof findItemViews>>[number];

/** The items of a list in their current order, each shown to `reader` or not (moderated.ts). */
export function findItemIds(db: Database, listId: string, reader: string | null = null) {
  const shown = sql<boolean>`(${listItems.postId} is null or ${shownTo(posts, reader)})`;
  return db
    .select({ id: listItems.id, shown })
    .from(listItems)
    .leftJoin(posts, eq(posts.id, listItems.postId))
    .where(eq(listItems.listId, listId))
    .orderBy(listItems.position, listItems.id);
}

export async function findItem(db: Database, listId: string, itemId: string) {
  const [row] = await db
    .select()
    .from(listItems)
    .where(and(eq(listItems.listId, listId), eq(listItems.id, itemId)));
  return row ?? null;
}

export async function stationGroupExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stationGroups.id })
    .from(stationGroups)
    .where(eq(stationGroups.id, id));
  return row !== undefined;
}

/** The post exists and `reader` may see it (docs/moderation.md#hidden-items). */
export async function postExists(db: Database, id: string, reader: string): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, id), shownTo(posts, reader)));
  return row !== undefined;
}

/** Appends an item after the last one (the caller holds the list's lock). */
export async function appendItem(
  db: Database,
  values: { listId: string; stationGroupId: number | null; postId: string | null; note: string },
) {
  const [row] = await db
    .insert(listItems)
    .values({
      ...values,
      position: sql`(select coalesce(max(${listItems.position}), 0) + 1 from ${listItems} where ${listItems.listId} = ${values.listId})`,
    })
    .returning({ id: listItems.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateItemNote(db: Database, itemId: string, note: string) {
  await db.update(listItems).set({ note }).where(eq(listItems.id, itemId));
}

export async function deleteItem(db: Database, itemId: string) {
  await db.delete(listItems).where(eq(listItems.id, itemId));
}

/** Sets positions 1…n in the given order (every id must be an item of the list). */
export async function writeOrder(db: Database, listId: string, orderedIds: readonly string[]) {
  if (orderedIds.length === 0) return;
  const ids = sql.join(
    orderedIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`
    update ${listItems} set position = o.n
    from unnest(array[${ids}]) with ordinality as o(id, n)
    where ${listItems.listId} = ${listId} and ${listItems.id} = o.id
      and ${listItems.position} is distinct from o.n`);
}
