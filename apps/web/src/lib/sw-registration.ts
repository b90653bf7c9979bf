import { BUILD_CHECK_DELAY_MS, BUILD_CHECK_INTERVAL_MS } from '@ekispot/shared';
import { SW_MESSAGES } from './sw-messages';
import type { CacheForOfflineMessage } from './sw-messages';

/**
 * The page's side of the service worker (docs/pwa.md#updates): registered in production builds
 * only (never by `npm run dev` nor in jsdom tests), at `/sw.js` with scope `/`, once the page has
 * loaded; once it is idle too, the worker is asked to cache for offline use
 * (docs/pwa.md#offline).
 */
export const SW_URL = '/sw.js';
/** The longest the page waits for the browser to be idle before asking the worker to cache. */
export const IDLE_TIMEOUT_MS = 5000;

export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * Registers the worker once, after the page's `load` (its first visit's files come first), then
 * asks it to cache for offline use once the page is idle; resolves null where there is none.
 */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = serviceWorkerSupported()
    ? navigator.serviceWorker
    : undefined,
): Promise<ServiceWorkerRegistration | null> {
  if (registration) return registration;
  if (!container) return (registration = Promise.resolve(null));
  registration = whenLoaded()
    .then(() => container.register(SW_URL, { scope: '/' }))
    .catch(() => null);
  void registration.then((registered) => registered && prepareOffline(container)).catch(() => null);
  return registration;
}

/** Resolves once the page has loaded (its `load` event). */
export function whenLoaded(win: Window = window): Promise<void> {
  if (win.document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => win.addEventListener('load', () => resolve(), { once: true }));
}

/** Resolves when the browser is next idle, or after `timeoutMs` (a second where it cannot say). */
export function whenIdle(win: Window = window, timeoutMs = IDLE_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (typeof win.requestIdleCallback === 'function')
      win.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else win.setTimeout(resolve, Math.min(timeoutMs, 1000));
  });
}

/** Whether the browser asks to save data (a data saver, a phone's data saving mode). */
export function savesData(nav: Navigator = navigator): boolean {
  return (nav as { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** The same-origin files this page loaded, from its Resource Timing entries. */
export function loadedFiles(
  timing: Pick<Performance, 'getEntriesByType'> = performance,
  origin = window.location.origin,
): string[] {
  return timing
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${origin}/`));
}

/** Posts the message to the worker and resolves when it answers on the message's port. */
export function askToCacheForOffline(
  worker: Pick<ServiceWorker, 'postMessage'>,
  message: CacheForOfflineMessage,
  openChannel = () => new MessageChannel(),
): Promise<void> {
  return new Promise((resolve) => {
    const channel = openChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * Once the page is idle, the worker keeps what it loaded and, unless the browser asks to save
 * data, the app shell (docs/pwa.md#offline); then `<html data-offline-ready>` says so.
 */
async function prepareOffline(container: ServiceWorkerContainer): Promise<void> {
  await whenIdle();
  const { active } = await container.ready;
  if (!active) return;
  await askToCacheForOffline(active, {
    type: SW_MESSAGES.cacheForOffline,
    loaded: loadedFiles(),
    saveData: savesData(),
  });
  document.documentElement.dataset.offlineReady = 'true';
}

/** The registration made by this page, or null (not registered: dev, tests, no support). */
export function currentRegistration(): Promise<ServiceWorkerRegistration | null> {
  return registration ?? Promise.resolve(null);
}

export interface UpdateWatchOptions {
  registration: ServiceWorkerRegistration;
  /** Called once, when a newer worker has installed and waits. */
  onWaiting: (worker: ServiceWorker) => void;
  delayMs?: number;
  intervalMs?: number;
}

/**
 * The periodic check for a newer build (docs/pwa.md#updates), driven by the worker: `update()` about 1 s
 * after load and then on the same interval as before; a new worker that installs waits (it
 * never skips waiting by itself), and its `waiting` state is the offer. Returns a stop function.
 */
export function watchForUpdate({
  registration: reg,
  onWaiting,
  delayMs = BUILD_CHECK_DELAY_MS,
  intervalMs = BUILD_CHECK_INTERVAL_MS,
}: UpdateWatchOptions): () => void {
  let stopped = false;
  let told = false;
  const tell = () => {
    // A waiting worker while another controls the page is an update; the first worker
    // installing is not.
    if (stopped || told || !reg.waiting || !navigator.serviceWorker.controller) return;
    told = true;
    onWaiting(reg.waiting);
  };
  const onUpdateFound = () => {
    const installing = reg.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') tell();
    });
  };
  reg.addEventListener('updatefound', onUpdateFound);
  tell();
  let timer: ReturnType<typeof setTimeout> = setTimeout(function check() {
    void reg
      .update()
      .catch(() => undefined)
      .then(tell);
    if (!stopped && !told) timer = setTimeout(check, intervalMs);
  }, delayMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
    reg.removeEventListener('updatefound', onUpdateFound);
  };
}

/** The member accepted the offer: the waiting worker takes over, and the page reloads then. */
export function applyUpdate(worker: ServiceWorker, reload = () => window.location.reload()): void {
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  });
  worker.postMessage({ type: SW_MESSAGES.skipWaiting });
}

/**
 * The session changed or ended (the new owner is recorded already): the worker drops every
 * cached read and page of anyone else (docs/pwa.md#whose-data).
 */
export async function clearMemberCaches(): Promise<void> {
  if (!serviceWorkerSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  reg?.active?.postMessage({ type: SW_MESSAGES.sessionChanged });
}
