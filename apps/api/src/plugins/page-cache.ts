import { randomUUID } from 'node:crypto';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { PreparedPayload } from '../lib/prepared-payload.js';
import { openRedisChannel } from '../lib/redis-channel.js';
import { isWriteRoute } from '../lib/route-hooks.js';

/**
 * The pages the server wrote, kept per address until the data may have changed
 * (docs/architecture.md#page-cache). A page is drawn from what the API answers a visitor, so any
 * write may change it: a successful write drops every kept page (a new generation), on this
 * instance at once and, with Redis, on the others as soon as they hear of it. A page is kept at
 * most `PAGE_CACHE_MAX_AGE_MS` for what changes with the clock alone (an event that has begun)
 * and for a write whose message was lost (Redis away).
 */

export const PAGE_CACHE_MAX_AGE_MS = 30_000;
/** Bytes kept at most, every encoding counted (the least recently used page leaves first). */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export type CachedPage =
  /** The page, encoded once in each form a browser may ask for, with its ETag. */
  | { status: 200 | 404; payload: PreparedPayload }
  /** Where the address leads instead (301). */
  | { status: 301; location: string };

interface Entry {
  /** Kept among the pages of unbounded addresses (`limitedOf`). */
  limited: boolean;
  page: CachedPage;
  generation: number;
  storedAt: number;
  bytes: number;
}

export interface PageCache {
  /** A kept page, or undefined when there is none or it may be out of date. */
  get(key: string): CachedPage | undefined;
  /**
   * The kept page, or the one `build` makes. Requests for the same
   * address while it is being built share that build.
   */
  getOrBuild(key: string, build: () => Promise<CachedPage>): Promise<CachedPage>;
  /** Forgets every page (a write happened). */
  invalidate(): void;
  /**
   * How many writes this instance has heard of (its own and, with Redis, the others'): what
   * other read caches key their entries on (modules/posts/timeline.service.ts).
   */
  generation(): number;
}

/**
 * The part of the bytes that addresses without end may take together: those with a query
 * string (the parameters a page reads, docs/security.md#pages-are-keyed-on-what-they-read, can
 * still take any value) and those that name nothing (404: any unknown path, any unknown id).
 */
const LIMITED_SHARE = 1 / 4;

const limitedOf = (key: string, page: CachedPage) => key.includes('?') || page.status === 404;

function sizeOf(page: CachedPage): number {
  if (page.status === 301) return page.location.length;
  const { identity, gzip, br } = page.payload;
  return identity.length + gzip.length + br.length;
}

export function createPageCache(
  options: { maxAgeMs?: number; maxBytes?: number; now?: () => number } = {},
): PageCache {
  const maxAgeMs = options.maxAgeMs ?? PAGE_CACHE_MAX_AGE_MS;
  const maxBytes = options.maxBytes ?? PAGE_CACHE_MAX_BYTES;
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on use makes its first key the least recent.
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<CachedPage>>();
  let generation = 0;
  let bytes = 0;
  let limitedBytes = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
    if (entry.limited) limitedBytes -= entry.bytes;
  }

  function get(key: string): CachedPage | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || now() - entry.storedAt > maxAgeMs) {
      drop(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry.page;
  }

  function store(key: string, page: CachedPage, builtIn: number) {
    // Built across a write: it may show what the write changed, or not. Served, never kept.
    if (builtIn !== generation) return;
    drop(key);
    const size = sizeOf(page);
    if (size > maxBytes) return;
    const limited = limitedOf(key, page);
    entries.set(key, { page, generation, storedAt: now(), bytes: size, limited });
    bytes += size;
    if (limited) {
      // A search, a map view, an unknown address (values without end) makes room among its kind
      // only, in a quarter of the bytes: it never pushes out a page of a path.
      limitedBytes += size;
      for (const [oldest, entry] of [...entries]) {
        if (bytes <= maxBytes && limitedBytes <= maxBytes * LIMITED_SHARE) break;
        if (entry.limited) drop(oldest);
      }
      return;
    }
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  }

  return {
    get,
    async getOrBuild(key, build) {
      const kept = get(key);
      if (kept) return kept;
      const shared = building.get(key);
      if (shared) return shared;
      const builtIn = generation;
      const promise = build()
        .then((page) => {
          store(key, page, builtIn);
          return page;
        })
        .finally(() => building.delete(key));
      building.set(key, promise);
      return promise;
    },
    generation: () => generation,
    invalidate() {
      generation += 1;
      entries.clear();
      building.clear();
      bytes = 0;
      limitedBytes = 0;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    pageCache: PageCache;
  }
}

export interface PageCachePluginOptions {
  cache: PageCache;
  /** With Redis, a write on any instance drops the pages every instance keeps. */
  redis?: Redis;
  /** The channel the instances tell each other of writes on (tests give each run its own). */
  redisChannel?: string;
}

/**
 * Drops the kept pages after every write this instance answers with success, and tells the
 * other instances through Redis when given. Registered before the modules, so it sees each of
 * their routes as it is declared.
 */
export const pageCachePlugin = fp(
  async (app: FastifyInstance, options: PageCachePluginOptions) => {
    const { cache } = options;
    // Reachable as app.pageCache: what changes data without a request here (a test's direct
    // write) drops the kept pages through it.
    app.decorate('pageCache', cache);
    let written = () => cache.invalidate();
    if (options.redis && options.redisChannel) {
      // Each instance hears its own messages too: it has already dropped its pages by then.
      const self = randomUUID();
      const channel = await openRedisChannel({
        redis: options.redis,
        channel: options.redisChannel,
        onError: (error) => app.log.warn({ err: error }, 'page cache: redis error'),
      });
      channel.onMessage((from) => {
        if (from !== self) cache.invalidate();
      });
      written = () => {
        cache.invalidate();
        channel.publish(self);
      };
      app.addHook('onClose', () => channel.close());
    }
    // On the write routes only, so a read pays nothing for it.
    const invalidate: onResponseHookHandler = (_request, reply, done) => {
      if (reply.statusCode < 400) written();
      done();
    };
    app.addHook('onRoute', (route) => {
      if (!isWriteRoute(route)) return;
      const existing = route.onResponse ?? [];
      route.onResponse = [...(Array.isArray(existing) ? existing : [existing]), invalidate];
    });
  },
  { name: 'page-cache' },
);
