import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/database.js';
import { createBatchLoader } from '../../lib/batch-loader.js';
import { buildStationReadModel, type StationReadModel } from './station-read-model.js';
import * as repository from './stations.repository.js';
import { loadReadModelRows } from './station-read-model.repository.js';

/**
 * One read model per database (docs/stations.md#read-model). It is built whole and then
 * swapped in with one assignment, so a request sees either the old data or the new, never a
 * mix. An import made by this process swaps it at once (`refreshStationReadModel`); one made by
 * another process (the import CLI against a shared PostgreSQL) is noticed by a version check
 * that runs in the background at most every VERSION_CHECK_MS.
 */
export const VERSION_CHECK_MS = 10_000;
/**
 * How long a station's counts are served from memory (docs/stations.md#read-model). Writes
 * made through this process forget them at once (`forgetStationActivity`); a write made through
 * another instance shows within this time.
 */
export const ACTIVITY_FRESH_MS = 1_000;

type Activity = { posts: number; wants: number; stamps: number };

interface Store {
  model: StationReadModel | null;
  loading: Promise<StationReadModel> | null;
  checkedAt: number;
  checking: boolean;
  countActivity: (groupId: number) => Promise<Activity | undefined>;
  activity: LRUCache<number, Activity>;
}

const stores = new WeakMap<Database, Store>();

function storeOf(db: Database): Store {
  let store = stores.get(db);
  if (!store) {
    store = {
      model: null,
      loading: null,
      checkedAt: 0,
      checking: false,
      countActivity: createBatchLoader(async (groupIds: number[]) => {
        const counts = new Map<number, Activity>();
        for (const row of await repository.countActivityOfGroups(db, groupIds)) {
          const activity = counts.get(row.groupId) ?? { posts: 0, wants: 0, stamps: 0 };
          activity[row.kind] = row.count;
          counts.set(row.groupId, activity);
        }
        return counts;
      }),
      activity: new LRUCache<number, Activity>({ max: 20_000, ttl: ACTIVITY_FRESH_MS }),
    };
    stores.set(db, store);
  }
  return store;
}

function load(db: Database, store: Store): Promise<StationReadModel> {
  if (store.loading) return store.loading;
  const loading = (async () => {
    const model = await buildStationReadModel(await loadReadModelRows(db));
    store.model = model;
    store.checkedAt = Date.now();
    return model;
  })();
  store.loading = loading;
  void loading.then(
    () => {
      if (store.loading === loading) store.loading = null;
    },
    () => {
      if (store.loading === loading) store.loading = null;
    },
  );
  return loading;
}

/** Looks for an import made elsewhere; a failure keeps serving the model in hand. */
async function checkVersion(db: Database, store: Store) {
  store.checking = true;
  try {
    const version = await repository.findDataVersion(db);
    if (store.model && version !== store.model.version) await load(db, store);
  } catch {
    // The database is away or closing: the station data in hand is still right.
  } finally {
    store.checkedAt = Date.now();
    store.checking = false;
  }
}

/** The current read model; the first call (normally at start-up) loads it. */
export async function getStationReadModel(db: Database): Promise<StationReadModel> {
  const store = storeOf(db);
  const model = store.model;
  if (!model) return load(db, store);
  if (!store.checking && !store.loading && Date.now() - store.checkedAt > VERSION_CHECK_MS)
    void checkVersion(db, store);
  return model;
}

/**
 * After an import: rebuilds the model from the database now and swaps it in. A process that
 * never served stations (the import CLI) has none to rebuild.
 */
export async function refreshStationReadModel(db: Database): Promise<void> {
  const store = stores.get(db);
  if (!store || (!store.model && !store.loading)) return;
  if (store.loading) await store.loading.catch(() => undefined);
  await load(db, store);
}

/**
 * Posts, wants and stamps of a group from the database (coalesced across requests), at most
 * ACTIVITY_FRESH_MS old.
 */
export async function countStationActivity(db: Database, groupId: number): Promise<Activity> {
  const store = storeOf(db);
  const cached = store.activity.get(groupId);
  if (cached) return cached;
  const activity = (await store.countActivity(groupId)) ?? { posts: 0, wants: 0, stamps: 0 };
  store.activity.set(groupId, activity);
  return activity;
}

/** After a committed write that changes a group's posts, wants or stamps. */
export function forgetStationActivity(db: Database, groupIds: Iterable<number | null>): void {
  const store = stores.get(db);
  if (!store) return;
  for (const groupId of groupIds) if (groupId !== null) store.activity.delete(groupId);
}
