/**
 * This device and Web Push (docs/pwa.md#push): whether push can work here, and subscribing or
 * unsubscribing through the service worker's pushManager. The server's part is in
 * push-api.ts.
 */

/**
 * Where this device stands:
 * - `unsupported`: the browser has no Web Push;
 * - `ios-home-screen`: iOS, which offers push only to the app added to the home screen;
 * - `no-service-worker`: the page has not registered the service worker (yet);
 * - `denied`: the member refused notifications for this site (the browser's settings undo it);
 * - `off` / `on`: push can work; `on` when this browser holds a subscription.
 */
export type PushDeviceState =
  'unsupported' | 'ios-home-screen' | 'no-service-worker' | 'denied' | 'off' | 'on';

const IOS = /iPhone|iPad|iPod/;

export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  // iPadOS says it is a Mac; its touch screen tells it apart.
  return IOS.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** What a browser offers, as plain facts (so the rules can be tested without one). */
export interface PushFacts {
  ios: boolean;
  standalone: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  hasServiceWorker: boolean;
  permission: NotificationPermission | null;
  subscribed: boolean;
}

export function pushStateOf(facts: PushFacts): PushDeviceState {
  if (facts.ios && !facts.standalone && !facts.hasPushManager) return 'ios-home-screen';
  if (!facts.hasPushManager || !facts.hasNotification) return 'unsupported';
  if (!facts.hasServiceWorker) return 'no-service-worker';
  if (facts.permission === 'denied') return 'denied';
  return facts.subscribed && facts.permission === 'granted' ? 'on' : 'off';
}

/** The registered service worker, or null when the page has none (yet). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function readPushFacts(): Promise<PushFacts> {
  const hasPushManager = typeof window !== 'undefined' && 'PushManager' in window;
  const hasNotification = typeof Notification !== 'undefined';
  const worker = hasPushManager ? await registration() : null;
  const subscription = worker ? await worker.pushManager.getSubscription() : null;
  return {
    ios: isIos(navigator.userAgent, navigator.maxTouchPoints ?? 0),
    standalone:
      window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
    hasPushManager,
    hasNotification,
    hasServiceWorker: worker !== null,
    permission: hasNotification ? Notification.permission : null,
    subscribed: subscription !== null,
  };
}

/** The VAPID key (base64url) as pushManager.subscribe takes it. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A browser subscription as the API takes it (PushSubscription.toJSON()). */
export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  expirationTime: number | null;
}

function toDevice(subscription: PushSubscription): DeviceSubscription {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    expirationTime: subscription.expirationTime,
  };
}

/**
 * Asks for permission (a tap must lead here) and subscribes with the server's key. A
 * subscription made with another key (the keys were rotated, docs/pwa.md#vapid-keys) is
 * replaced. Returns null when the member did not allow notifications.
 */
export async function subscribeDevice(publicKey: string): Promise<DeviceSubscription | null> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return null;
  const worker = await registration();
  if (!worker) return null;
  const key = keyBytes(publicKey);
  const existing = await worker.pushManager.getSubscription();
  if (existing) {
    const held = existing.options.applicationServerKey;
    const same =
      held !== null &&
      held.byteLength === key.byteLength &&
      new Uint8Array(held).every((byte, i) => byte === key[i]);
    if (same) return toDevice(existing);
    await existing.unsubscribe();
  }
  const created = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return toDevice(created);
}

/** Unsubscribes this browser; returns the endpoint it had, for the server to forget. */
export async function unsubscribeDevice(): Promise<string | null> {
  const worker = await registration();
  const subscription = worker ? await worker.pushManager.getSubscription() : null;
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/**
 * When the member opens the app again, a subscription the browser holds is registered again:
 * the server may have dropped it, or the keys were rotated (then it is renewed).
 */
export async function currentDeviceSubscription(
  publicKey: string,
): Promise<DeviceSubscription | null> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return null;
  const worker = await registration();
  if (!worker || !(await worker.pushManager.getSubscription())) return null;
  return subscribeDevice(publicKey);
}
