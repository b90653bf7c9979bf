import { describe, expect, it } from 'vitest';
import { ownUrl, readPush, registerPushHandlers, type PushScope } from './push-handlers';

const origin = 'https://ekispot.example';

/** A service worker scope that records what the handlers do. */
function fakeScope(windows: { url: string; navigable: boolean }[]) {
  const listeners = new Map<string, (event: never) => void>();
  const shown: { title: string; options: unknown }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const navigated: string[] = [];
  const waits: Promise<unknown>[] = [];
  const scope: PushScope = {
    location: { origin },
    registration: {
      showNotification: async (title, options) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () =>
        windows.map((window) => ({
          url: window.url,
          focus: async () => focused.push(window.url),
          ...(window.navigable && {
            navigate: async (url: string) => navigated.push(url),
          }),
        })),
      openWindow: async (url) => opened.push(url),
    },
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners.set(type, listener);
    },
  };
  registerPushHandlers(scope);
  const fire = async (type: string, event: object) => {
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) } as never);
    await Promise.all(waits);
  };
  return { fire, shown, opened, focused, navigated };
}

describe('push', () => {
  it('shows the notification the server wrote, tagged by its group', async () => {
    const sw = fakeScope([]);
    const payload = {
      title: 'えきスポ',
      body: '鉄子Aさんほか2人があなたの投稿にいいねしました',
      url: `${origin}/post/1`,
      tag: 'like:1:2026-11-27',
    };
    await sw.fire('push', { data: { text: () => JSON.stringify(payload) } });
    expect(sw.shown).toEqual([
      {
        title: 'えきスポ',
        options: {
          body: payload.body,
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-192.png',
          tag: payload.tag,
          data: { url: payload.url },
        },
      },
    ]);
  });

  it('never leads to another site', () => {
    expect(ownUrl('https://evil.example/phish', origin)).toBe(`${origin}/notifications`);
    expect(ownUrl('/post/2', origin)).toBe(`${origin}/post/2`);
    expect(readPush('not json', origin)).toMatchObject({ title: 'えきスポ', body: 'not json' });
  });
});

describe('a tap on the notification', () => {
  const data = { url: `${origin}/post/9` };
  const click = { notification: { data, close: () => undefined } };

  it('focuses an open Ekispot window and takes it to the post', async () => {
    const sw = fakeScope([{ url: `${origin}/`, navigable: true }]);
    await sw.fire('notificationclick', click);
    expect(sw.focused).toEqual([`${origin}/`]);
    expect(sw.navigated).toEqual([data.url]);
    expect(sw.opened).toEqual([]);
  });

  it('opens a window when none is open', async () => {
    const sw = fakeScope([{ url: 'https://other.example/', navigable: true }]);
    await sw.fire('notificationclick', click);
    expect(sw.opened).toEqual([data.url]);
  });
});
