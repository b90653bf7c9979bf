import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { openEventStream, type EventStream } from '../../lib/event-stream.js';
import { sessionIsOpen } from '../auth/auth.service.js';
import type { NotificationHub } from './notification-hub.js';
import * as service from './notifications.service.js';
import type { StreamCursor } from './notifications.service.js';

/**
 * One member's Server-Sent Events stream (docs/notifications.md#live-stream). Events:
 * `notification` for each new notification, and `unread` (the unread count) after each read,
 * whose id is where the stream stands, so the browser's Last-Event-ID resumes after it.
 * Whenever the hub pokes the member, the stream reads what it has not sent yet.
 */

/** The longest snapshot an event id carries; beyond, a shorter one that repeats rather than loses. */
const MAX_SNAPSHOT_CHARS = 300;
const EVENT_ID = /^(\d{1,15})(?:@(\d{1,20}):(\d{1,20}):((?:\d{1,20})(?:,\d{1,20})*)?)?$/;

/**
 * The event id a stream writes, and the browser sends back as Last-Event-ID: the event number,
 * and after `@` the snapshot of the stream's last read (docs/notifications.md#event-order).
 * A snapshot with very many running transactions is cut to `xmin:xmin:`, which counts every
 * transaction from xmin on as unfinished: a resume may then repeat an event, never miss one.
 */
export function formatEventId(cursor: StreamCursor): string {
  if (!cursor.snapshot) return String(cursor.seq);
  if (cursor.snapshot.length <= MAX_SNAPSHOT_CHARS) return `${cursor.seq}@${cursor.snapshot}`;
  const xmin = cursor.snapshot.slice(0, cursor.snapshot.indexOf(':'));
  return `${cursor.seq}@${xmin}:${xmin}:`;
}

/** Reads a Last-Event-ID back; null when it is not one this server wrote. */
export function parseEventId(raw: string): StreamCursor | null {
  if (raw.length > MAX_SNAPSHOT_CHARS + 20) return null;
  const match = EVENT_ID.exec(raw);
  if (!match) return null;
  const [, seq, xmin, xmax, xip] = match;
  if (xmin === undefined || xmax === undefined) return { seq: Number(seq), snapshot: null };
  if (BigInt(xmin) > BigInt(xmax)) return null;
  return { seq: Number(seq), snapshot: `${xmin}:${xmax}:${xip ?? ''}` };
}
/** Events read per query; a long backlog is sent in several. */
const EVENTS_PER_READ = 100;
/** How long after its session's expiry a stream checks it (see the timer below). */
const EXPIRY_MARGIN_MS = 250;

export interface StreamOptions {
  app: FastifyInstance;
  db: Database;
  hub: NotificationHub;
  userId: string;
  /**
   * The session the stream was opened with: it ends when the session does (a logout, a password
   * changed or reset, the account deleted: each pokes the member's streams through the hub, and
   * the stream rechecks its session on every poke), or when the session expires.
   */
  session: { id: string; expiresAt: Date };
  /** Where the client stands (its Last-Event-ID), or null for a fresh start. */
  lastEventId: StreamCursor | null;
  heartbeatMs: number;
  log: FastifyBaseLogger;
  /** Called once when the stream has ended, whoever ended it. */
  onClose: () => void;
}

export interface OpenStream {
  userId: string;
  stream: EventStream;
}

export async function openNotificationStream(options: StreamOptions): Promise<OpenStream> {
  const { db, userId, log } = options;
  let cursor = options.lastEventId ?? (await service.latestEventId(db, userId));
  let reading: Promise<void> | null = null;
  let readAgain = false;
  let unsubscribe = () => {};
  // A timer can wait at most about 24.8 days: a later expiry is checked again then. It fires a
  // moment after the expiry: a timer may fire a millisecond or two early by the database's clock,
  // and the stored expiry is finer than a millisecond, so exactly on time the session could
  // still look open and nothing would wake the stream again.
  const expiry = setTimeout(
    () => poke(),
    Math.min(
      Math.max(0, options.session.expiresAt.getTime() - Date.now() + EXPIRY_MARGIN_MS),
      2 ** 31 - 1,
    ),
  );
  expiry.unref();
  const stream = openEventStream(options.app, {
    heartbeatMs: options.heartbeatMs,
    onClose: () => {
      clearTimeout(expiry);
      unsubscribe();
      options.onClose();
    },
  });

  async function sendNews() {
    do {
      readAgain = false;
      // Checked on every pass: a poke that came during the last read (the session's expiry, a
      // logout) is folded into this one.
      if (!(await sessionIsOpen(db, options.session.id))) {
        stream.end();
        return;
      }
      const read = await service.findEventsSince(db, userId, cursor, EVENTS_PER_READ);
      // Only the `unread` event that closes a read carries the id: a browser cut off halfway
      // through the read resumes from the one before, and hears the read again rather than
      // missing part of it (docs/notifications.md#event-order).
      for (const { event } of read.events) stream.send('notification', event);
      cursor = read.cursor;
      if (read.events.length >= EVENTS_PER_READ) readAgain = true;
      const unread = await service.countUnread(db, userId);
      stream.send('unread', { unread_count: unread }, formatEventId(cursor));
    } while (readAgain && !stream.closed);
  }

  /** Pokes that come while reading are folded into one more read. */
  function poke() {
    if (stream.closed) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = sendNews()
      .catch((error: unknown) => log.warn({ err: error }, 'notification stream: read failed'))
      .finally(() => {
        reading = null;
      });
  }

  if (!stream.closed) {
    unsubscribe = options.hub.subscribe(userId, poke);
    poke();
  }
  return { userId, stream };
}
