import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';

/** Re-encoded uploads. Files live behind the storage interface under these keys. */
export const images = pgTable(
  'images',
  {
    id: idColumn(),
    /** Null only between upload and the owner's row being written in the same transaction. */
    ownerId: uuid('owner_id'),
    mimeType: text('mime_type').notNull(),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    thumbStorageKey: text('thumb_storage_key').notNull(),
    thumbWidth: integer('thumb_width').notNull(),
    thumbHeight: integer('thumb_height').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('images_owner_id_idx').on(table.ownerId)],
);
