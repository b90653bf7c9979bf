import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { images } from '../../db/schema/index.js';

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
