import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { images, postImages, users } from '../../db/schema/index.js';

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
