import { describe, expect, it } from 'vitest';
import { isCacheable, planFor } from './cache-plan';
import type { RequestFacts } from './cache-plan';
import { shellCacheName, staleCaches } from './shell';

const origin = 'https://ekispot.example';

/** A same-origin fetch of `path` (an API read unless told otherwise). */
function facts(path: string, overrides: Partial<RequestFacts> = {}): RequestFacts {
  return {
    method: 'GET',
    url: `${origin}${path}`,
    mode: 'cors',
    accept: 'application/json',
    origin,
    ...overrides,
  };
}

describe('planFor', () => {
  it.each([
    ['/api/v2/stations/1130101', 'public'],
    ['/api/v2/stations/markers', 'public'],
    ['/api/v2/stations/markers/names', 'public'],
    ['/api/v2/stations/search?q=%E6%9D%B1', 'public'],
    ['/api/v2/stations/nearby?lat=35.6&lng=139.7', 'public'],
    ['/api/v2/lines', 'public'],
    ['/api/v2/lines/11302', 'public'],
    ['/api/v2/prefectures', 'public'],
    ['/api/v2/map/railways', 'public'],
    ['/api/v2/maps/station/1130101.webp?w=960', 'public'],
    ['/api/v2/maps/post/01a2.webp?w=480&v=x', 'member'],
    ['/api/v2/maps/list/01a2.webp?w=480&v=x', 'member'],
    ['/api/v2/posts/01a2', 'member'],
    ['/api/v2/posts/01a2/comments?limit=20', 'member'],
    ['/api/v2/lists/01a2', 'member'],
    ['/api/v2/lists/01a2/items', 'member'],
    ['/api/v2/stations/1130101/want-to-visit', 'member'],
    ['/api/v2/stations/1130101/stamp', 'member'],
    ['/api/v2/users/01a2/stamps', 'member'],
    ['/api/v2/image/abc123', 'images'],
    ['/api/v2/stations/1130101/stamp.svg', 'images'],
    ['/assets/index-abc.js', 'assets'],
    ['/assets/maplibre-gl-worker-CZtF.mjs', 'assets'],
    ['/assets/browser-map-qvkd.css', 'assets'],
    ['/basemap/japan-land.json', 'static'],
    ['/basemap/prefectures.json', 'static'],
  ] as const)('GET %s → %s', (path, plan) => {
    expect(planFor(facts(path))).toBe(plan);
  });

  it.each([
    '/api/v2/auth/me',
    '/api/v2/auth',
    '/api/v2/auth/login',
    '/api/v2/notifications/stream',
    '/api/v2/stations/random',
    '/api/v2/push/key',
    '/api/v2/moderation/reports',
    '/api/v2/mail/verify',
    '/api/v2/takedowns/1',
    '/sw.js',
    '/build.json',
    '/index.html',
    '/manifest.webmanifest',
    '/icons/icon-512.png',
    '/screenshots/map-narrow.png',
  ])('never caches GET %s', (path) => {
    expect(planFor(facts(path))).toBe('network-only');
  });

  it('never caches a stream, whatever its address', () => {
    expect(planFor(facts('/api/v2/posts/01a2', { accept: 'text/event-stream' }))).toBe(
      'network-only',
    );
  });

  it.each(['POST', 'DELETE', 'PUT', 'PATCH', 'HEAD'])('never caches %s', (method) => {
    expect(planFor(facts('/api/v2/stations/1130101', { method }))).toBe('network-only');
    expect(planFor(facts('/station/1130101', { method, mode: 'navigate' }))).toBe('network-only');
  });

  it('answers page loads as pages, but not an API address opened as a page', () => {
    expect(planFor(facts('/station/1130101', { mode: 'navigate', accept: 'text/html' }))).toBe(
      'page',
    );
    expect(planFor(facts('/', { mode: 'navigate', accept: 'text/html' }))).toBe('page');
    expect(planFor(facts('/api/v2/stations/1130101', { mode: 'navigate' }))).toBe('network-only');
  });

  it('leaves other origins alone', () => {
    expect(
      planFor(facts('/', { url: 'https://tiles.example/api/v2/stations/1', mode: 'cors' })),
    ).toBe('network-only');
    expect(planFor(facts('/', { url: 'https://tiles.example/x', mode: 'navigate' }))).toBe(
      'network-only',
    );
  });
});

describe('isCacheable', () => {
  const answer = (status: number, cacheControl?: string) => ({
    status,
    headers: new Headers(cacheControl ? { 'Cache-Control': cacheControl } : {}),
  });

  it('keeps whole 200 answers only', () => {
    expect(isCacheable(answer(200))).toBe(true);
    expect(isCacheable(answer(200, 'public, max-age=60'))).toBe(true);
    expect(isCacheable(answer(200, 'no-cache'))).toBe(true);
    for (const status of [0, 201, 204, 206, 304, 401, 404, 500, 503])
      expect(isCacheable(answer(status))).toBe(false);
  });

  it('never keeps an answer marked no-store', () => {
    expect(isCacheable(answer(200, 'no-store'))).toBe(false);
    expect(isCacheable(answer(200, 'private, no-store'))).toBe(false);
    expect(isCacheable(answer(200, 'No-Store,max-age=0'))).toBe(false);
  });
});

describe('staleCaches', () => {
  const shell = shellCacheName({ version: 'b2' });

  it('drops our caches of other versions, other builds’ shells and the old precache, nothing else', () => {
    expect(
      staleCaches(
        [
          'ekispot-pages-v1',
          'ekispot-public-v1',
          'ekispot-member-v1',
          'ekispot-images-v1',
          'ekispot-assets-v1',
          'ekispot-static-v1',
          'ekispot-shell-b2',
          'ekispot-shell-a1',
          'ekispot-pages-v0',
          'ekispot-member-v0',
          'workbox-precache-v2-https://ekispot.example/',
          'someone-else',
        ],
        shell,
      ),
    ).toEqual([
      'ekispot-shell-a1',
      'ekispot-pages-v0',
      'ekispot-member-v0',
      'workbox-precache-v2-https://ekispot.example/',
    ]);
  });
});
