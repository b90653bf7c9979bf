import type { Database } from '../../db/database.js';
import type { EventStream } from '../../lib/event-stream.js';
import { sessionIsOpen } from '../auth/auth.service.js';
import type { NotificationHub } from './notification-hub.js';

/**
 * A stream opened with a session lives no longer than it (docs/notifications.md#live-stream): a
 * logout, a password change, leaving and a suspension each end the member's sessions and poke
 * their streams through the hub after the commit, on every instance; the stream then checks its
 * session and ends when it is gone. It also checks a quarter of a second after the session
 * expires by itself. For streams that read nothing of the member's own (the timeline's new
 * posts); the notification stream checks its session before each of its reads instead.
 */

/** How long after its session's expiry a stream checks it (a timer may fire a little early). */
export const SESSION_EXPIRY_MARGIN_MS = 250;

export function endWithSession(options: {
  db: Database;
  hub: NotificationHub;
  userId: string;
  session: { id: string; expiresAt: Date };
  stream: EventStream;
  onError: (error: unknown) => void;
}): () => void {
  const { db, stream } = options;
  let checking = false;
  let again = false;
  const check = () => {
    if (stream.closed) return;
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    again = false;
    sessionIsOpen(db, options.session.id)
      .then((open) => {
        if (!open) stream.end();
      }, options.onError)
      .finally(() => {
        checking = false;
        if (again) check();
      });
  };
  // A timer waits at most about 24.8 days; a later expiry is checked again then.
  const expiry = setTimeout(
    check,
    Math.min(
      Math.max(0, options.session.expiresAt.getTime() - Date.now() + SESSION_EXPIRY_MARGIN_MS),
      2 ** 31 - 1,
    ),
  );
  expiry.unref();
  const unsubscribe = options.hub.subscribe(options.userId, check);
  return () => {
    clearTimeout(expiry);
    unsubscribe();
  };
}
