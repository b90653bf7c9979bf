import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { NotificationHub } from './notification-hub.js';
import * as service from './notifications.service.js';

/**
 * One member's Server-Sent Events stream (docs/notifications.md#live-stream). Events:
 * `notification` (id = the notification's event number, so the browser's Last-Event-ID
 * resumes after it) and `unread` (the unread count, carrying the last event number too).
 * Whenever the hub pokes the member, the stream reads what is newer than what it sent.
 */

/** Browsers reconnect after this long when the stream drops (the `retry:` hint). */
export const STREAM_RETRY_MS = 3_000;
/** Events read per query; a long backlog is sent in several. */
const EVENTS_PER_READ = 100;

export interface StreamOptions {
  db: Database;
  hub: NotificationHub;
  userId: string;
  /** The last event the client saw (Last-Event-ID), or null for a fresh start. */
  lastEventId: number | null;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

export interface OpenStream {
  userId: string;
  body: PassThrough;
  /** Ends the stream (app close); the browser reconnects elsewhere. */
  end(): void;
}

export async function openNotificationStream(options: StreamOptions): Promise<OpenStream> {
  const { db, userId, log } = options;
  const body = new PassThrough();
  let last = options.lastEventId ?? (await service.latestEventId(db, userId));
  let closed = false;
  let reading: Promise<void> | null = null;
  let readAgain = false;

  const write = (chunk: string) => {
    if (!closed) body.write(chunk);
  };

  async function sendNews() {
    do {
      readAgain = false;
      const events = await service.findEventsSince(db, userId, last, EVENTS_PER_READ);
      for (const { seq, event } of events) {
        write(`id: ${seq}\nevent: notification\ndata: ${JSON.stringify(event)}\n\n`);
        last = seq;
      }
      if (events.length === EVENTS_PER_READ) readAgain = true;
      const unread = await service.countUnread(db, userId);
      write(`id: ${last}\nevent: unread\ndata: ${JSON.stringify({ unread_count: unread })}\n\n`);
    } while (readAgain && !closed);
  }

  /** Pokes that come while reading are folded into one more read. */
  function poke() {
    if (closed) return;
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

  const unsubscribe = options.hub.subscribe(userId, poke);
  const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs);
  heartbeat.unref();

  function end() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    body.end();
  }
  body.on('close', end);

  write(`retry: ${STREAM_RETRY_MS}\n\n`);
  poke();
  return { userId, body, end };
}
