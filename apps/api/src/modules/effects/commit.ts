import type { Database } from '../../db/database.js';
import { forgetStationActivity } from '../stations/station-activity.service.js';

/**
 * What waits for a transaction's commit (docs/architecture.md#after-the-commit): waking live
 * streams and forgetting the station pages' kept counts. Done inside the transaction it would
 * come too early (a stream would read before the row is visible) or for a write that rolls
 * back. So the effects of an event note it on the transaction's `AfterCommit`, and
 * `inTransaction` runs it once the transaction has committed, in a request or not (a job, the
 * admin socket, a test calling a service); a rollback drops it.
 *
 * The work is a hint that something may have changed: whoever hears it reads the database
 * again; it never writes.
 */

export interface AfterCommit {
  /** Wakes the live streams of these members or topics (docs/notifications.md#live-stream). */
  poke(topics: Iterable<string>): void;
  /** The station pages' counts of these stations forget what they kept (docs/stations.md#read-model). */
  forgetStations(groupIds: Iterable<number | null>): void;
}

/** Where pokes go: the app's notification hub (app.ts connects it). */
export interface LiveStreams {
  publish(topics: string[]): void;
  log: { error(details: Record<string, unknown>, message: string): void };
}

interface Pending extends AfterCommit {
  topics: Set<string>;
  stations: Set<number>;
}

function pending(): Pending {
  const topics = new Set<string>();
  const stations = new Set<number>();
  return {
    topics,
    stations,
    poke: (more) => {
      for (const topic of more) topics.add(topic);
    },
    forgetStations: (groupIds) => {
      for (const id of groupIds) if (id !== null) stations.add(id);
    },
  };
}

/** The open transactions' after-commit work, by transaction. */
const open = new WeakMap<Database, Pending>();
/** The hubs listening to each database (two apps in one process may share one: tests). */
const listeners = new WeakMap<Database, Set<LiveStreams>>();

/** Pokes made on `db` reach `streams` from now on; the returned function ends that. */
export function connectLiveStreams(db: Database, streams: LiveStreams): () => void {
  const set = listeners.get(db) ?? new Set<LiveStreams>();
  listeners.set(db, set);
  set.add(streams);
  return () => {
    set.delete(streams);
  };
}

function runAfterCommit(db: Database, work: Pending): void {
  const streams = [...(listeners.get(db) ?? [])];
  if (work.stations.size > 0) forgetStationActivity(db, work.stations);
  if (work.topics.size === 0) return;
  const topics = [...work.topics];
  for (const target of streams) {
    try {
      target.publish(topics);
    } catch (error) {
      target.log.error({ err: error }, 'after-commit poke failed');
    }
  }
}

/**
 * Runs `work` in a transaction of `db` whose events' after-commit work runs once it has
 * committed (each attempt of a retried transaction starts with none).
 */
export async function inTransaction<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  let committed = null as Pending | null;
  const result = await db.transaction(async (tx) => {
    const mine = pending();
    open.set(tx, mine);
    try {
      const value = await work(tx);
      committed = mine;
      return value;
    } finally {
      open.delete(tx);
    }
  });
  if (committed) runAfterCommit(db, committed);
  return result;
}

/**
 * The after-commit work of `tx`. An event recorded in a transaction `inTransaction` did not open
 * is refused: its pokes would be lost.
 */
export function afterCommitOf(tx: Database): AfterCommit {
  const work = open.get(tx);
  if (!work)
    throw new Error('recordEvent: open the transaction with inTransaction (effects.service.ts)');
  return work;
}
