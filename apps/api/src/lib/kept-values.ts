/**
 * Values read from the database and kept in memory until the next write
 * (docs/timelines.md#reading).
 *
 * `generation` changes with every write this instance hears of (the page cache's count,
 * plugins/page-cache.ts), so a value is kept for one generation, and `maxAgeMs` at most for
 * what changes with the clock alone. A value built while a write happened is given to those who
 * asked for it but not kept. Requests for one key while it is being built share that build.
 */
/** The longest anything is kept (a suspension that ends by the clock shows within it). */
export const KEPT_MAX_AGE_MS = 30_000;

export interface KeptValuesOptions {
  generation: () => number;
  now?: () => number;
  /** `KEPT_MAX_AGE_MS` by default. */
  maxAgeMs?: number;
  /** Keys kept at most; the least recently stored leaves first. */
  maxEntries?: number;
}

interface Kept<T> {
  generation: number;
  at: number;
  value: T;
}

export type KeptValues<T> = (key: string, build: () => Promise<T>) => Promise<T>;

export function keptValues<T>(options: KeptValuesOptions): KeptValues<T> {
  const maxEntries = options.maxEntries ?? 1_000;
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? KEPT_MAX_AGE_MS;
  const kept = new Map<string, Kept<T>>();
  const building = new Map<string, { generation: number; promise: Promise<T> }>();
  return async (key, build) => {
    const generation = options.generation();
    const entry = kept.get(key);
    if (entry && entry.generation === generation && now() - entry.at <= maxAgeMs)
      return entry.value;
    const shared = building.get(key);
    if (shared && shared.generation === generation) return shared.promise;
    const promise = build().then((value) => {
      if (options.generation() === generation) {
        kept.delete(key);
        if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
        kept.set(key, { generation, at: now(), value });
      }
      return value;
    });
    building.set(key, { generation, promise });
    try {
      return await promise;
    } finally {
      if (building.get(key)?.promise === promise) building.delete(key);
    }
  };
}
