import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Station data from 駅データ.jp (the bundled 2021 download, or a newer one in the same layout)
 * plus the Shinkansen stations table. Rows are never deleted by an import: what a newer download
 * no longer lists stays, marked closed, so posts, wants and list items keep their station.
 */

export const prefectures = pgTable('prefectures', {
  /** JIS X 0401 code, 1 (北海道) … 47 (沖縄県). */
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

/** A railway company (ekidata company_cd). */
export const companies = pgTable('companies', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** ekidata company_type: 0 other, 1 JR, 2 major private, 3 semi-major private. */
  companyType: smallint('company_type').notNull().default(0),
});

/** How a line is drawn on the map: JR, Shinkansen, subway or other private railways. */
export type LineKind = 'jr' | 'shinkansen' | 'subway' | 'private';

export const lines = pgTable('lines', {
  /** ekidata line_cd. */
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** Reading in katakana, for matching only. */
  nameKana: text('name_kana').notNull().default(''),
  companyId: integer('company_id').references(() => companies.id),
  kind: text('kind').$type<LineKind>().notNull().default('private'),
  /** `#rrggbb` where the data knows the line's colour, else ''. */
  color: text('color').notNull().default(''),
  closed: boolean('closed').notNull().default(false),
});

/**
 * A station as people count it: one name, served by one or more lines (docs/stations.md). Its
 * id is ekidata's group code for a group's main name, else its lowest station code. The table
 * keeps its first name, from when a group was one station.
 */
export const stationGroups = pgTable(
  'station_groups',
  {
    id: integer('id').primaryKey(),
    /** ekidata's station group (the stations one changes between): its main station's id. */
    transferGroupId: integer('transfer_group_id').notNull(),
    name: text('name').notNull(),
    /** Romanised as station signs write it (romanised-names.ts); '' where the name has no reading. */
    nameRomaji: text('name_romaji').notNull().default(''),
    prefectureId: smallint('prefecture_id')
      .notNull()
      .references(() => prefectures.id),
    address: text('address').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Open lines serving the group: orders search results. */
    lineCount: smallint('line_count').notNull().default(0),
    /** Every member station is closed (廃駅), or the group is no longer in the data. */
    closed: boolean('closed').notNull().default(false),
    /** The last member's closing date, where the data knows it. */
    closedOn: date('closed_on'),
    /** The first member's opening date, where the data knows it. */
    openedOn: date('opened_on'),
  },
  (table) => [
    index('station_groups_prefecture_id_idx').on(table.prefectureId),
    index('station_groups_lat_lng_idx').on(table.lat, table.lng),
    index('station_groups_name_idx').on(table.name),
    index('station_groups_transfer_group_id_idx').on(table.transferGroupId),
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
    /** Position along the line. */
    seq: integer('seq').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    closed: boolean('closed').notNull().default(false),
    closedOn: date('closed_on'),
  },
  (table) => [
    index('stations_group_id_idx').on(table.groupId),
    index('stations_line_id_seq_idx').on(table.lineId, table.seq),
  ],
);

/** Neighbouring stations on a line (ekidata join.csv): what the railway drawing follows. */
export const stationLinks = pgTable(
  'station_links',
  {
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    fromStationId: integer('from_station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    toStationId: integer('to_station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.lineId, table.fromStationId, table.toStationId] })],
);

/**
 * What station search matches, one row per way of writing a name of a group: the group's and
 * its members' names, their hiragana readings and romaji keys. Derived at import time and
 * rebuilt by each import; small enough (~40k rows) to be loaded into memory as it is.
 */
export const stationSearchTerms = pgTable(
  'station_search_terms',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => stationGroups.id, { onDelete: 'cascade' }),
    /** 'name' (as written, NFKC), 'reading' (hiragana) or 'romaji' (a folded key). */
    kind: text('kind').$type<'name' | 'reading' | 'romaji'>().notNull(),
    term: text('term').notNull(),
    /** The station name the term belongs to (shown as 「梅田（大阪）」 when not the group's). */
    stationName: text('station_name').notNull(),
    /** The group's own name: shown alone, and preferred when it matches. */
    isGroupName: boolean('is_group_name').notNull().default(false),
    /** Member stations under that name: among other names, the most used one is shown. */
    nameLineCount: smallint('name_line_count').notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.kind, table.term, table.stationName] }),
    index('station_search_terms_term_idx').on(table.kind, table.term),
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
