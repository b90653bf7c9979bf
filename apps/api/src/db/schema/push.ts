import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { notifications } from './notifications.js';
import { authTokens, users } from './users.js';

/**
 * Web Push (docs/pwa.md#push): the devices that get pushes, what each member wants pushed,
 * the outbox of pushes to send, and the server's VAPID keys when configuration gives none.
 */

/**
 * A browser's push subscription. The endpoint is the push service's address for that browser
 * and belongs to one member at a time (a browser signed in as another member moves it).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /**
     * The session that subscribed: ending it (a logout, 「ログアウト」 in the session list) ends
     * the subscription with it (docs/accounts.md#sessions).
     */
    sessionId: uuid('session_id').references(() => authTokens.id, { onDelete: 'cascade' }),
    /** The browser's P-256 public key and auth secret (base64url), to encrypt for it. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** PushSubscription.expirationTime, when the browser gave one. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A short label of the browser that subscribed (its User-Agent, cut), for the logs. */
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** Failed sends since the last success; a subscription failing for long is dropped. */
    failureCount: integer('failure_count').notNull().default(0),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId, table.createdAt),
  ],
);

/** Which types a member wants pushed and their quiet hours; no row means the defaults. */
export const pushPreferences = pgTable(
  'push_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    pushTypes: text('push_types').array().notNull(),
    quietHoursEnabled: boolean('quiet_hours_enabled').notNull().default(false),
    /** Minutes after midnight, Japan time (22:00 is 1320). */
    quietStart: smallint('quiet_start').notNull().default(1320),
    quietEnd: smallint('quiet_end').notNull().default(420),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'push_preferences_quiet_range',
      sql`${table.quietStart} between 0 and 1439
      and ${table.quietEnd} between 0 and 1439`,
    ),
  ],
);

export const pushDeliveryStatus = pgEnum('push_delivery_status', ['pending', 'failed']);

/**
 * The push outbox: one row per notification to push, written in the notification's
 * transaction when its member has a subscription and wants the type. The push worker claims
 * due rows with SKIP LOCKED, so each is sent by one instance; a sent row is deleted. A
 * notification that goes (an undone like) takes its row with it.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: idColumn(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: pushDeliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it is due: now, the end of the quiet hours, or a retry. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('push_deliveries_notification_key').on(table.notificationId),
    index('push_deliveries_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('push_deliveries_user_idx').on(table.userId),
  ],
);

/**
 * The VAPID key pair the server signs pushes with, made once when configuration gives none, so
 * every instance on the database signs alike (docs/pwa.md#vapid-keys). One row at most.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('push_vapid_keys_one_row', sql`${table.id} = 1`)],
);
