import { and, eq, getTableColumns, inArray, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { shownTo, shownToAll, type Moderatable } from '../../db/moderated.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { images, postImages, posts, users } from '../../db/schema/index.js';

/** The only place with Drizzle queries for images (docs/conventions.md#api-modules). */

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;

export interface ImageFileKeys {
  storageKey: string;
  thumbStorageKey: string;
}

export async function insertImage(db: Database, row: NewImageRow): Promise<ImageRow> {
  const [inserted] = await db.insert(images).values(row).returning();
  if (!inserted) throw new Error('insert into images returned no row');
  return inserted;
}

export async function findImage(db: Database, id: string): Promise<ImageRow | null> {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  return row ?? null;
}

/**
 * An image as the moderators' rule sees it (db/moderated.ts): a post's photo is its post's (hidden
 * with it, or with its author's suspension), any other image (an avatar) its owner's.
 */
const imageItem: Moderatable = {
  hiddenAt: posts.hiddenAt,
  userId: sql`coalesce(${posts.userId}, ${images.ownerId})`,
};

/**
 * The rule for an image a member holds; one nobody holds yet (an upload before its owner's row,
 * in the same transaction) has nothing to hide.
 */
const held = (shown: SQL) => sql<boolean>`coalesce(${imageItem.userId} is null or ${shown}, false)`;

/** The image with whether everyone sees it; with a viewer, whether they do (two statements). */
const prepareImageSight = (db: Database, withViewer: boolean) =>
  db
    .select({
      ...getTableColumns(images),
      shownToAll: held(shownToAll(imageItem)),
      shownToViewer: withViewer
        ? held(shownTo(imageItem, sql`${sql.placeholder('viewer')}::uuid`))
        : sql<boolean>`false`,
    })
    .from(images)
    .leftJoin(postImages, eq(postImages.imageId, images.id))
    .leftJoin(posts, eq(posts.id, postImages.postId))
    .where(eq(images.id, sql.placeholder('id')))
    .prepare(withViewer ? 'image_sight_for_viewer' : 'image_sight');
const imageSight = preparedPerDatabase((db) => prepareImageSight(db, false));
const imageSightFor = preparedPerDatabase((db) => prepareImageSight(db, true));

export type ImageSight = ImageRow & { shownToAll: boolean; shownToViewer: boolean };

/** The image with whether everyone sees it, and whether `viewerId` (null: nobody asked) does. */
export async function findImageFor(
  db: Database,
  id: string,
  viewerId: string | null,
): Promise<ImageSight | null> {
  const [row] = viewerId
    ? await imageSightFor(db).execute({ id, viewer: viewerId })
    : await imageSight(db).execute({ id });
  return row ?? null;
}

/** Deletes the rows and hands back their file keys, so files go only once the rows are gone. */
export async function deleteImageRows(db: Database, ids: string[]): Promise<ImageFileKeys[]> {
  if (ids.length === 0) return [];
  return db
    .delete(images)
    .where(inArray(images.id, ids))
    .returning({ storageKey: images.storageKey, thumbStorageKey: images.thumbStorageKey });
}

/** Deletes every image a user uploaded (avatar and photos) and hands back the file keys. */
export async function deleteImageRowsOwnedBy(
  db: Database,
  ownerId: string,
): Promise<ImageFileKeys[]> {
  return db
    .delete(images)
    .where(eq(images.ownerId, ownerId))
    .returning({ storageKey: images.storageKey, thumbStorageKey: images.thumbStorageKey });
}

/**
 * Up to `limit` images created before `cutoff` that nothing refers to, with their file keys. An
 * image is referred to by a post (`post_images`) or as an avatar (`users.avatar_image_id`); a
 * new table that refers to images must be added here.
 */
export async function findUnattachedImages(
  db: Database,
  cutoff: Date,
  limit: number,
): Promise<(ImageFileKeys & { id: string })[]> {
  return db
    .select({
      id: images.id,
      storageKey: images.storageKey,
      thumbStorageKey: images.thumbStorageKey,
    })
    .from(images)
    .where(
      and(
        lt(images.createdAt, cutoff),
        notExists(
          db
            .select({ one: sql`1` })
            .from(postImages)
            .where(eq(postImages.imageId, images.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(eq(users.avatarImageId, images.id)),
        ),
      ),
    )
    .limit(limit);
}

/** The file keys of these image rows, for telling stored files that no row names. */
export async function findImageKeys(db: Database, ids: string[]): Promise<ImageFileKeys[]> {
  if (ids.length === 0) return [];
  return db
    .select({ storageKey: images.storageKey, thumbStorageKey: images.thumbStorageKey })
    .from(images)
    .where(inArray(images.id, ids));
}
