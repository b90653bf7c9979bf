import { WEB_ROUTE_PATTERNS } from '@ekispot/shared';
import { describe, expect, it } from 'vitest';
import { routeTable } from './route-table';
import type { RouteAccess, RouteLayout } from './route-types';

/** Every route of docs/product-rules.md#routes-and-access, with its access and layout. */
const SPEC_ROUTES: [
  path: string,
  access: RouteAccess,
  layout: RouteLayout | null,
  title?: string,
][] = [
  ['/', 'open', 'map', 'TOP'],
  ['/login', 'guest', null],
  ['/register', 'guest', null],
  ['/forgot', 'guest', 'login'],
  ['/reset-password/:token', 'guest', null],
  ['/verify-email/:token', 'guest', null],
  ['/verify-new-email/:token', 'open', 'login'],
  ['/unsubscribe/:token', 'open', 'login'],
  ['/leave', 'auth', null, '退会'],
  ['/notifications', 'auth', null, '通知'],
  ['/settings/profile', 'auth', null],
  ['/list/:listId', 'open', null],
  ['/list/create', 'auth', null],
  ['/list/update', 'auth', null],
  ['/post/:postId', 'open', null],
  ['/post/:postId/comment/:commentId', 'open', null],
  ['/post/create/event', 'auth', null],
  ['/post/create/:postId/event', 'auth', null],
  ['/post/create/image/:stationGroupId', 'auth', null],
  ['/post/create/:postId/image', 'auth', null],
  ['/post/create/spot', 'auth', null],
  ['/post/update/event', 'auth', null],
  ['/post/update/:postId/event', 'auth', null],
  ['/post/update/image/:stationGroupId', 'auth', null],
  ['/post/update/:postId/image', 'auth', null],
  ['/post/update/spot', 'auth', null],
  ['/privacy', 'open', null],
  ['/service', 'open', null],
  ['/station/:stationGroupId', 'open', null],
  ['/search/station/random', 'open', null, '駅ガチャ'],
  ['/users', 'open', null],
  ['/users/:userId/followers', 'open', null],
  ['/users/:userId/following', 'open', null],
  ['/profile/:userId/action/liked', 'open', null],
  ['/profile/:userId/action/want-to-participate-events', 'open', null],
  ['/profile/:userId/action/want-to-visit-spots', 'open', null],
  ['/profile/:userId/action/want-to-visit-stations', 'open', null],
  ['/profile/:userId/lists', 'open', null],
  ['/profile/:userId/posts', 'open', null],
  ['/profile/:userId/stamps', 'open', null],
  ['/stamps', 'auth', null, 'スタンプ帳'],
  ['/rankings/impact', 'open', null, '影響度数ランキング'],
  ['/rankings/post', 'open', null, '投稿数ランキング'],
  ['/timeline/list/all', 'open', null],
  ['/timeline/list/follow', 'auth', null],
  ['/timeline/post/all', 'open', null],
  ['/timeline/post/follow', 'auth', null],
  ['/moderation', 'moderator', 'default', 'モデレーション'],
  ['/moderation/log', 'moderator', 'default', 'モデレーションの記録'],
];

describe('routeTable', () => {
  it.each(SPEC_ROUTES)('has %s (%s)', (path, access, layout, title) => {
    const route = routeTable.find((candidate) => candidate.path === path);
    expect(route, path).toBeDefined();
    expect(route?.access).toBe(access);
    if (layout) expect(route?.layout).toBe(layout);
    expect(route?.title).toMatch(/\S/);
    if (title) expect(route?.title).toBe(title);
    expect(typeof route?.lazy).toBe('function');
  });

  it('leads the profile and its short tab addresses to the tabs', () => {
    for (const path of [
      '/profile/:userId',
      '/profile/:userId/liked',
      '/profile/:userId/want-to-visit-spots',
    ])
      expect(routeTable.find((route) => route.path === path)?.params).toEqual({ userId: 'uuid' });
  });

  it('lists every path once', () => {
    const paths = routeTable.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives the list update page the list creation title', () => {
    const create = routeTable.find((route) => route.path === '/list/create');
    const update = routeTable.find((route) => route.path === '/list/update');
    expect(update?.title).toBe(create?.title);
  });

  it('validates the ids in paths', () => {
    expect(routeTable.find((route) => route.path === '/station/:stationGroupId')?.params).toEqual({
      stationGroupId: 'stationGroupId',
    });
    expect(routeTable.find((route) => route.path === '/post/:postId')?.params).toEqual({
      postId: 'uuid',
    });
  });

  it('keeps the moderators-only pages moderators-only on both sides', () => {
    const ours = routeTable.filter((route) => route.access === 'moderator').map((r) => r.path);
    const shared = WEB_ROUTE_PATTERNS.filter((route) => route.moderatorsOnly).map((r) => r.path);
    expect(ours.sort()).toEqual(shared.sort());
    expect(ours.length).toBeGreaterThan(0);
  });

  it('has exactly the page addresses the server knows, with the same parameter rules', () => {
    const ours = routeTable.map((route) => ({ path: route.path, params: route.params ?? {} }));
    const shared = WEB_ROUTE_PATTERNS.map((route) => ({
      path: route.path,
      params: route.params ?? {},
    }));
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    expect([...ours].sort(byPath)).toEqual([...shared].sort(byPath));
  });

  it('draws on the server only open pages, each naming a route module that exists', async () => {
    const modules = Object.keys(import.meta.glob('./routes/*.tsx')).map(
      (file) => `src/app/routes/${file.slice('./routes/'.length)}`,
    );
    const drawn = routeTable.filter((route) => route.serverRendered);
    expect(drawn.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/station/:stationGroupId', '/post/:postId', '/list/:listId', '/']),
    );
    for (const route of drawn) {
      expect(route.access, route.path).toBe('open');
      expect(modules, route.path).toContain(route.module);
    }
    // The pages of one member, the editors and the random draw stay in the browser.
    for (const path of ['/notifications', '/post/create/spot', '/search/station/random', '/login'])
      expect(routeTable.find((route) => route.path === path)?.serverRendered).toBeFalsy();
  });
});
