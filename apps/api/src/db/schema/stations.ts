import {
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Station data from 駅データ.jp (via japan-train-data, or ekidata CSV imports). */

export const prefectures = pgTable('prefectures', {
  /** JIS X 0401 code, 1 (北海道) … 47 (沖縄県). */
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
});

export const lines = pgTable('lines', {
  /** ekidata line_cd. */
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
});

/** A station group: one place where stations of several lines meet (ekidata station_g_cd). */
export const stationGroups = pgTable(
  'station_groups',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    prefectureId: smallint('prefecture_id')
      .notNull()
      .references(() => prefectures.id),
    address: text('address').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (table) => [
    index('station_groups_prefecture_id_idx').on(table.prefectureId),
    index('station_groups_lat_lng_idx').on(table.lat, table.lng),
    index('station_groups_name_idx').on(table.name),
  ],
);

/** One station of one line (ekidata station_cd), in line order. */
export const stations = pgTable(
  'stations',
  {
    id: integer('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => stationGroups.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    /** Position along the line. */
    seq: integer('seq').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (table) => [
    index('stations_group_id_idx').on(table.groupId),
    index('stations_line_id_seq_idx').on(table.lineId, table.seq),
  ],
);

/** Which data set is loaded, so start-up imports are idempotent. */
export const stationDataImports = pgTable('station_data_imports', {
  source: text('source').primaryKey(),
  version: text('version').notNull(),
  groupCount: integer('group_count').notNull(),
  stationCount: integer('station_count').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});
