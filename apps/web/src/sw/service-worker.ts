/**
 * Ekispot's service worker (docs/pwa.md#offline), built into `/sw.js` by
 * apps/web/service-worker-plugin.ts: the app shell and this build's files precached, the
 * pages, public reads, the member's reads and images each cached their own way, an offline page
 * in the app's layout for what is not cached, and the offline queue sent on Background Sync
 * (docs/pwa.md#queued-actions).
 *
 * It is typed against the page's DOM types (the few parts of the worker's scope it uses are
 * declared in sw-scope.ts), so it builds with the rest of the web app.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { flushQueue } from '../lib/action-queue/flush-queue';
import { indexedDbQueueStore } from '../lib/action-queue/queue-store';
import { CACHE_LIMITS, CACHE_NAMES, isCacheable, planFor } from './cache-plan';
import type { CachePlan } from './cache-plan';
import { SW_MESSAGES } from './messages';
import { registerPushHandlers, type PushScope } from './push-handlers';
import { OFFLINE_PAGE_URL, SHELL_URL, staleCaches } from './shell';
import type { SwScope } from './sw-scope';

declare const __PRECACHE_MANIFEST__: PrecacheEntry[];
const scope = self as unknown as SwScope;
// Web Push: show pushes, open their address on a tap (docs/pwa.md#push).
registerPushHandlers(self as unknown as PushScope);

const QUEUE_CHANNEL = 'ekispot-action-queue';
const QUEUE_LOCK = 'ekispot-action-queue';
const QUEUE_SYNC_TAG = 'ekispot-action-queue';

// Precache this build's files; drop the precaches of older Workbox versions. `/` and clean
// URLs are pages, not the raw shell: the page route below answers them.
precacheAndRoute(__PRECACHE_MANIFEST__, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/** Keeps only whole 200 answers the server did not mark no-store. */
const onlyCacheable: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isCacheable(response) ? response : null),
};
const limit = (kind: keyof typeof CACHE_LIMITS) =>
  new ExpirationPlugin({ ...CACHE_LIMITS[kind], purgeOnQuotaError: true });

const strategies = {
  page: new NetworkFirst({
    cacheName: CACHE_NAMES.pages,
    networkTimeoutSeconds: 6,
    plugins: [onlyCacheable, limit('pages')],
  }),
  public: new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.public,
    plugins: [onlyCacheable, limit('public')],
  }),
  member: new NetworkFirst({
    cacheName: CACHE_NAMES.member,
    plugins: [onlyCacheable, limit('member')],
  }),
  images: new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [onlyCacheable, limit('images')],
  }),
} satisfies Record<Exclude<CachePlan, 'network-only'>, unknown>;

const planOf = ({ request, url }: { request: Request; url: URL }): CachePlan =>
  planFor({
    method: request.method,
    url: url.href,
    mode: request.mode,
    accept: request.headers.get('Accept') ?? '',
    origin: scope.location.origin,
  });

for (const kind of ['public', 'member', 'images'] as const) {
  registerRoute((options) => planOf(options) === kind, strategies[kind]);
}

// Pages: the network first; offline, the page as last seen, else the app shell (the client
// router then draws the page and its own offline state), else the offline page.
registerRoute(
  (options) => planOf(options) === 'page',
  async (options) => {
    try {
      return await strategies.page.handle(options);
    } catch {
      return (
        (await matchPrecache(SHELL_URL)) ??
        (await matchPrecache(OFFLINE_PAGE_URL)) ??
        Response.error()
      );
    }
  },
);

// A new worker installs and then waits until the page accepts the update offer
// (SKIP_WAITING below); the first one takes the open pages at once (clients.claim).
scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(staleCaches(names).map((name) => caches.delete(name)));
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === SW_MESSAGES.skipWaiting) void scope.skipWaiting();
  if (type === SW_MESSAGES.clearMemberData)
    event.waitUntil(
      Promise.all([caches.delete(CACHE_NAMES.member), caches.delete(CACHE_NAMES.pages)]),
    );
});

// Background Sync: the queue is sent even if no page is open; the pages hear of it.
scope.addEventListener('sync', (event) => {
  if (event.tag !== QUEUE_SYNC_TAG) return;
  const channel = new BroadcastChannel(QUEUE_CHANNEL);
  const flush = () =>
    flushQueue({
      store: indexedDbQueueStore(),
      notify: (queueEvent) => channel.postMessage(queueEvent),
    });
  event.waitUntil(
    (scope.navigator.locks
      ? (scope.navigator.locks.request(QUEUE_LOCK, flush) as unknown as Promise<number>)
      : flush()
    ).then((waiting: number) => {
      channel.close();
      // Still waiting (the network failed again): a rejected sync is retried by the browser.
      if (waiting > 0) throw new Error('queued actions still waiting');
    }),
  );
});
