import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../db/database.js';

/**
 * Work that must wait until a write has committed (docs/architecture.md#after-the-commit):
 * waking live streams, forgetting cached counts. Done inside the transaction it would come
 * too early (a stream would read before the row is visible) or for a write that rolls back.
 * So the code that writes only queues it here, and the domain-events plugin
 * (plugins/domain-events.ts) runs the request's queue once its handler, and the transaction
 * with it, is done.
 *
 * The work is a hint that something may have changed: whoever hears it reads the database
 * again. A queued piece may therefore run for a transaction that rolled back (a request that
 * failed after writing) or twice (a retried transaction); it never writes.
 */

export interface CommitContext {
  /** The app's database (in-memory caches are kept per database). */
  db: Database;
  /** Wakes the live streams of these members or topics (docs/notifications.md#live-stream). */
  publish(topics: Iterable<string>): void;
}

export type AfterCommitWork = (context: CommitContext) => void;

const storage = new AsyncLocalStorage<AfterCommitWork[]>();

/** Runs `next` (the rest of a request) collecting after-commit work in `queue`. */
export function runCollectingAfterCommit(queue: AfterCommitWork[], next: () => void): void {
  storage.run(queue, next);
}

/**
 * Queues `work` for after the current request's commit. Outside a request (a worker, a
 * script, a test calling a service) there is no one to run it and it is dropped: workers
 * publish what they do themselves, and cached counts expire on their own.
 */
export function afterCommit(work: AfterCommitWork): void {
  storage.getStore()?.push(work);
}
