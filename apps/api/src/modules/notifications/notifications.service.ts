import {
  NOTIFICATION_MAIL_DEFAULTS,
  NOTIFICATION_TYPES,
  type NotificationEvent,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationType,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { decodeCursor, toPage } from '../../lib/page-cursor.js';
import * as streamReads from './notification-stream.repository.js';
import { presentGroups } from './notification-presenter.js';
import * as repository from './notifications.repository.js';

export { endWithSession } from './session-watch.js';

/**
 * Reading notifications and their settings (docs/notifications.md). They are written by the
 * effects of the actions they tell of (notification-writes.service.ts, called from
 * modules/effects/effects.service.ts) in the action's transaction.
 */

export async function listNotifications(
  db: Database,
  userId: string,
  query: { cursor?: string; limit: number },
): Promise<NotificationPage> {
  const rows = await repository.findGroups(db, userId, decodeCursor(query.cursor), query.limit + 1);
  const page = toPage(
    rows.map((row) => ({ ...row, cursorKey: { micros: row.latestMicros, id: row.latestId } })),
    query.limit,
  );
  return { items: await presentGroups(db, page.items, userId), next_cursor: page.nextCursor };
}

export function countUnread(db: Database, userId: string): Promise<number> {
  return repository.countUnread(db, userId);
}

/**
 * Marks the caller's own notifications read (others' ids are ignored); returns the unread count
 * and whether any changed (the route then pokes the member's other streams).
 */
export async function markRead(
  db: Database,
  userId: string,
  ids: readonly string[] | null,
): Promise<{ unread: number; changed: boolean }> {
  const changed = (await repository.markRead(db, userId, ids)) > 0;
  return { unread: await repository.countUnread(db, userId), changed };
}

/**
 * Where a live stream stands: the highest event number it has sent, and the database snapshot
 * of its last read (null: none yet), under which rows that were still being written then can
 * be told apart (docs/notifications.md#event-order).
 */
export interface StreamCursor {
  seq: number;
  snapshot: string | null;
}

/** Where a fresh stream starts: after the newest notification. */
export function latestEventId(db: Database, userId: string): Promise<StreamCursor> {
  return streamReads.latestSeq(db, userId);
}

/**
 * What a stream at `cursor` has not sent, oldest first, and its next cursor: new
 * notifications, and those that committed after its last read with a lower number.
 */
export async function findEventsSince(
  db: Database,
  userId: string,
  cursor: StreamCursor,
  limit: number,
): Promise<{ events: { seq: number; event: NotificationEvent }[]; cursor: StreamCursor }> {
  const rows = await streamReads.findSince(db, userId, cursor, limit);
  const events = rows.map((row) => ({
    seq: row.seq,
    event: {
      id: row.id,
      type: row.type,
      actor: { id: row.actorId, name: row.actorName, avatar: row.actorAvatar },
      post_id: row.postId,
      created_at: row.createdAt.toISOString(),
    },
  }));
  const seq = events.reduce((highest, { seq }) => Math.max(highest, seq), cursor.seq);
  // Without rows the read's snapshot is unknown; the earlier one still covers what it missed.
  return { events, cursor: { seq, snapshot: rows[0]?.snapshot ?? cursor.snapshot } };
}

const isType = (value: string): value is NotificationType =>
  (NOTIFICATION_TYPES as readonly string[]).includes(value);

export async function getPreferences(
  db: Database,
  userId: string,
): Promise<NotificationPreferences> {
  const stored = await repository.findMailTypes(db, userId);
  return {
    mail_types: stored ? stored.filter(isType) : [...NOTIFICATION_MAIL_DEFAULTS],
  };
}

export async function savePreferences(
  db: Database,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  await repository.saveMailTypes(db, userId, [...new Set(preferences.mail_types)]);
  return getPreferences(db, userId);
}
