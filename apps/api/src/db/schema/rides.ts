import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { images } from './images.js';
import { lines, stations } from './stations.js';
import { users } from './users.js';

/**
 * Rides (乗車記録, docs/rides.md): a member rode a line from one station to another on a date.
 * No time of day and no position is kept: a ride is stations and a date. The section ridden is
 * worked out once, when the ride is written, as the stations passed along the line's own graph
 * (`path`, platform ids of the line, boarding first), with its length in metres.
 */
export const rides = pgTable(
  'rides',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Rides entered together (a journey with transfers) share it; null for a ride alone. */
    journeyId: uuid('journey_id'),
    /** Order within the journey (0 first). */
    leg: smallint('leg').notNull().default(0),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    fromStationId: integer('from_station_id')
      .notNull()
      .references(() => stations.id),
    toStationId: integer('to_station_id')
      .notNull()
      .references(() => stations.id),
    /** 'short' (the shorter way, the default) or 'long' (the other way round a loop). */
    way: text('way').$type<'short' | 'long'>().notNull().default('short'),
    /** Stations passed, boarding to alighting (platform ids of the line). */
    path: integer('path').array().notNull(),
    distanceM: integer('distance_m').notNull(),
    riddenOn: date('ridden_on').notNull(),
    train: text('train').notNull().default(''),
    note: text('note').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('rides_user_ridden_idx').on(table.userId, table.riddenOn.desc(), table.id.desc()),
    index('rides_public_user_idx')
      .on(table.userId)
      .where(sql`${table.isPublic}`),
    check('rides_way_check', sql`${table.way} in ('short', 'long')`),
  ],
);

/** Up to four photos of a ride, through the image pipeline (docs/rides.md#photos). */
export const ridePhotos = pgTable(
  'ride_photos',
  {
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.rideId, table.imageId] })],
);

/** A member's ride settings; a member without a row has the defaults (both false). */
export const rideSettings = pgTable('ride_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** New rides are 公開 unless the member says otherwise on the ride. */
  publicByDefault: boolean('public_by_default').notNull().default(false),
  /** The profile shows the totals of the member's public rides. */
  totalsPublic: boolean('totals_public').notNull().default(false),
});
