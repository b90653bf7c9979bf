import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { shownTo } from '../../db/moderated.js';
import {
  images,
  listItems,
  postImages,
  posts,
  prefectures,
  stationGroups,
  users,
} from '../../db/schema/index.js';

/** The Drizzle queries for a list's items (docs/conventions.md#api-modules); the lists' own are in lists.repository.ts. */

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
