import { BUILD_CHECK_DELAY_MS, BUILD_CHECK_INTERVAL_MS } from '@ekispot/shared';
import { SW_MESSAGES } from '../sw/messages';

/**
 * The page's side of the service worker (docs/pwa.md#updates): registered in production builds
 * only (never by `npm run dev` nor in jsdom tests), at `/sw.js` with scope `/`.
 */
export const SW_URL = '/sw.js';

export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/** Registers the worker once; resolves null where there is none. */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = serviceWorkerSupported()
    ? navigator.serviceWorker
    : undefined,
): Promise<ServiceWorkerRegistration | null> {
  registration ??= container
    ? container.register(SW_URL, { scope: '/' }).catch(() => null)
    : Promise.resolve(null);
  return registration;
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

/** The member signed out or changed: the worker drops their cached reads and pages. */
export async function clearMemberCaches(): Promise<void> {
  if (!serviceWorkerSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  reg?.active?.postMessage({ type: SW_MESSAGES.clearMemberData });
}
