/**
 * Ekispot's service worker (docs/pwa.md#offline), built into `/sw.js` by
 * apps/web/service-worker-plugin.ts: once a page is idle, the app shell and what the page loaded
 * cached (nothing more when the browser asks to save data); the build's files, the pages, public
 * reads, the member's reads and images each cached their own way as they are used; an offline
 * page in the app's layout for what is not cached, and the offline queue sent on Background Sync
 * (docs/pwa.md#queued-actions).
 *
 * It is typed against the page's DOM types (the few parts of the worker's scope it uses are
 * declared in sw-scope.ts), so it builds with the rest of the web app.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { flushQueue } from '../lib/action-queue/flush-queue';
import { indexedDbQueueStore } from '../lib/action-queue/queue-store';
import { indexedDbSessionStore, ownerOf } from '../lib/session-record';
import { CACHE_LIMITS, CACHE_NAMES, isCacheable, planFor } from './cache-plan';
import type { CachePlan } from './cache-plan';
import { SW_MESSAGES } from '../lib/sw-messages';
import type { CacheForOfflineMessage } from '../lib/sw-messages';
import { dropOthers, ownerPlugin } from './owner-tag';
import { registerPushHandlers, type PushScope } from './push-handlers';
import { OFFLINE_PAGE_URL, SHELL_URL, shellCacheName, staleCaches } from './shell';
import type { AppShell } from './shell';
import type { ExtendableMessageEventLike, SwScope } from './sw-scope';
import { asksToSaveData, planWarmUp } from './warm-up';

declare const __APP_SHELL__: AppShell;
/** Read once: the build writes the list in place of each mention. */
const APP_SHELL: AppShell = __APP_SHELL__;
const scope = self as unknown as SwScope;
// Web Push: show pushes, open their address on a tap (docs/pwa.md#push).
registerPushHandlers(self as unknown as PushScope);

const QUEUE_CHANNEL = 'ekispot-action-queue';
const QUEUE_LOCK = 'ekispot-action-queue';
const QUEUE_SYNC_TAG = 'ekispot-action-queue';
/** This build's shell cache, and the fixed-name files it holds (its code goes to the assets cache). */
const SHELL_CACHE = shellCacheName(APP_SHELL);
const SHELL_FILES = new Set(
  APP_SHELL.files.filter((file) => file.revision !== null).map((file) => file.url),
);

/** Keeps only whole 200 answers the server did not mark no-store. */
const onlyCacheable: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isCacheable(response) ? response : null),
};
const limit = (kind: keyof typeof CACHE_LIMITS) =>
  new ExpirationPlugin({ ...CACHE_LIMITS[kind], purgeOnQuotaError: true });
/** Whose session the page last learned (docs/pwa.md#whose-data); read afresh each time. */
const sessions = indexedDbSessionStore();
const currentOwner = async () => ownerOf(await sessions.read().catch(() => null));
/** Member reads and pages: kept for, and shown to, the session's owner only. */
const ownedBySession = ownerPlugin(currentOwner);

const strategies = {
  page: new NetworkFirst({
    cacheName: CACHE_NAMES.pages,
    networkTimeoutSeconds: 6,
    plugins: [onlyCacheable, ownedBySession, limit('pages')],
  }),
  public: new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.public,
    plugins: [onlyCacheable, limit('public')],
  }),
  member: new NetworkFirst({
    cacheName: CACHE_NAMES.member,
    plugins: [onlyCacheable, ownedBySession, limit('member')],
  }),
  images: new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [onlyCacheable, limit('images')],
  }),
  assets: new CacheFirst({
    cacheName: CACHE_NAMES.assets,
    plugins: [onlyCacheable, limit('assets')],
  }),
  static: new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.static,
    plugins: [onlyCacheable, limit('static')],
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

/** Whether the last page load asked to save data (`Save-Data: on`); the page says so too. */
let pageSavesData = false;
scope.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate')
    pageSavesData = asksToSaveData(event.request.headers.get('Save-Data'));
});

const fromShell = (url: string) => caches.match(url, { cacheName: SHELL_CACHE });

// The shell's fixed-name files (the manifest, its icon, the favicon…): as cached for this
// build, else from the network.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === scope.location.origin &&
    SHELL_FILES.has(url.pathname),
  async ({ request, url }) => (await fromShell(url.pathname)) ?? fetch(request),
);

for (const kind of ['assets', 'static', 'public', 'member', 'images'] as const) {
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
        (await fromShell(SHELL_URL)) ?? (await fromShell(OFFLINE_PAGE_URL)) ?? Response.error()
      );
    }
  },
);

/** Runs `work` on every item, `width` at a time; one that fails does not stop the others. */
async function inTurns(
  items: readonly string[],
  width: number,
  work: (item: string) => Promise<unknown>,
) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift())
      await work(item).catch(() => undefined);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

/**
 * The page is idle (docs/pwa.md#offline): keep what it loaded, which the browser's own cache
 * still holds, and unless the browser asks to save data, the app shell; answer on the port.
 */
async function cacheForOffline(event: ExtendableMessageEventLike) {
  const message = event.data as Partial<CacheForOfflineMessage>;
  const loaded = Array.isArray(message.loaded) ? message.loaded.map(String) : [];
  const plan = planWarmUp({
    shell: APP_SHELL.files,
    loaded,
    saveData:
      message.saveData === true || pageSavesData || scope.navigator.connection?.saveData === true,
    origin: scope.location.origin,
  });
  await inTurns(plan.files, 4, async (path) => {
    const request = new Request(path);
    const kind = planOf({ request, url: new URL(request.url) });
    if (kind !== 'assets' && kind !== 'static') return;
    if (await caches.match(request, { cacheName: CACHE_NAMES[kind] })) return;
    await strategies[kind].handle({ request, event });
  });
  const shell = await caches.open(SHELL_CACHE);
  await inTurns(plan.shellFiles, 2, async (path) => {
    if (await shell.match(path)) return;
    const response = await fetch(path);
    if (isCacheable(response)) await shell.put(path, response);
  });
  event.ports[0]?.postMessage({ type: SW_MESSAGES.offlineReady });
}

// A new worker installs (caching nothing: the pages ask for that once idle) and then waits
// until the page accepts the update offer (SKIP_WAITING below); the first one takes the open
// pages at once (clients.claim).
scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(staleCaches(names, SHELL_CACHE).map((name) => caches.delete(name)));
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === SW_MESSAGES.skipWaiting) void scope.skipWaiting();
  if (type === SW_MESSAGES.cacheForOffline) event.waitUntil(cacheForOffline(event));
  if (type === SW_MESSAGES.sessionChanged) event.waitUntil(dropOthersEntries());
});

/** The session changed: member reads and pages kept for anyone else go. */
async function dropOthersEntries() {
  const owner = await currentOwner();
  for (const name of [CACHE_NAMES.member, CACHE_NAMES.pages])
    await dropOthers(await caches.open(name), owner);
}

// Background Sync: the queue is sent even if no page is open; the pages hear of it. Only the
// actions of the session's owner as last learned go; the server checks the session anyway.
scope.addEventListener('sync', (event) => {
  if (event.tag !== QUEUE_SYNC_TAG) return;
  const channel = new BroadcastChannel(QUEUE_CHANNEL);
  const flush = () =>
    flushQueue({
      store: indexedDbQueueStore(),
      notify: (queueEvent) => channel.postMessage(queueEvent),
      owner: currentOwner,
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
