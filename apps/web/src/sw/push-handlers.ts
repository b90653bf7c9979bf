/**
 * The service worker's part of Web Push (docs/pwa.md#push): a push shows the notification the
 * server wrote (title, body, a tag per notification group so a newer push replaces the shown
 * one), and a tap focuses an open Ekispot window on the push's address, or opens one.
 *
 * The types are the few parts of the service worker's scope used here, so this module builds
 * with the page's DOM types; the real ServiceWorkerGlobalScope fits them.
 */

export const PUSH_ICON = '/icons/icon-192.png';
/** Android draws the badge as a silhouette; the app icon is the closest we have. */
export const PUSH_BADGE = '/icons/icon-192.png';
const FALLBACK_TITLE = 'えきスポ';

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationClickEventLike extends ExtendableEventLike {
  notification: { data: unknown; close(): void };
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

export interface PushScope {
  location: { origin: string };
  registration: {
    showNotification(
      title: string,
      options: { body: string; icon: string; badge: string; tag: string; data: { url: string } },
    ): Promise<void>;
  };
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationClickEventLike) => void,
  ): void;
}

export interface ShownPush {
  title: string;
  body: string;
  tag: string;
  url: string;
}

const asText = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.length > 0 ? value : fallback;

/**
 * What a push says, from its JSON `{ title, body, url, tag }`; an address that is not this
 * site's leads to the notifications page instead, so a push can never open another site.
 */
export function readPush(raw: string | null, origin: string): ShownPush {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: shown as the app's name with the text as the body.
    data = { body: raw ?? '' };
  }
  return {
    title: asText(data.title, FALLBACK_TITLE),
    body: asText(data.body, ''),
    tag: asText(data.tag, 'ekispot'),
    url: ownUrl(data.url, origin),
  };
}

/** `value` when it is an address of this site, else its notifications page. */
export function ownUrl(value: unknown, origin: string): string {
  const fallback = `${origin}/notifications`;
  if (typeof value !== 'string') return fallback;
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

async function openOrFocus(scope: PushScope, url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url.startsWith(scope.location.origin));
  if (!open) {
    await scope.clients.openWindow(url);
    return;
  }
  await open.focus();
  if (open.url === url) return;
  // `navigate` works on windows this worker controls; otherwise a new window opens there.
  const moved = open.navigate ? await open.navigate(url).catch(() => null) : null;
  if (!moved) await scope.clients.openWindow(url);
}

export function registerPushHandlers(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const push = readPush(event.data?.text() ?? null, scope.location.origin);
    event.waitUntil(
      scope.registration.showNotification(push.title, {
        body: push.body,
        icon: PUSH_ICON,
        badge: PUSH_BADGE,
        tag: push.tag,
        data: { url: push.url },
      }),
    );
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openOrFocus(scope, ownUrl(data?.url, scope.location.origin)));
  });
}
