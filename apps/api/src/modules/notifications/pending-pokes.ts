import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Members whose streams must hear of a change once the current request's transaction has
 * committed. `notify()` runs inside the action's transaction, where publishing would be too
 * early (a stream would read before the row is visible, or a rolled-back row); so it only
 * notes the member here, and the request's `onSend` hook publishes, after the handler
 * (and its commit) is done (docs/notifications.md#live-stream).
 */
const storage = new AsyncLocalStorage<Set<string>>();

/** Runs `next` (the rest of a request) noting members to poke in `pending`. */
export function runWithPendingPokes(pending: Set<string>, next: () => void): void {
  storage.run(pending, next);
}

/** Notes members to poke; outside a request (a worker, a test) it does nothing. */
export function notePoke(userIds: Iterable<string>): void {
  const pending = storage.getStore();
  if (!pending) return;
  for (const userId of userIds) pending.add(userId);
}
