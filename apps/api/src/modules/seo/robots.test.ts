import { WEB_ROUTE_PATTERNS, type WebParamRule } from '@ekispot/shared';
import { describe, expect, it } from 'vitest';
import { ALLOWED_PATHS, DISALLOWED_PATHS, renderRobotsTxt } from './robots.js';

/**
 * Every page of the web app (packages/shared/src/web-routes.ts) is placed on one side of
 * robots.txt here, as its access rule in apps/web/src/app/route-table.ts says: a new page makes
 * this test fail until it is placed.
 */
const DISALLOWED_PAGES = new Set([
  '/login',
  '/register',
  '/forgot',
  '/reset-password/:token',
  '/verify-email/:token',
  '/verify-new-email/:token',
  '/unsubscribe/:token',
  '/contact/takedown/confirm/:token',
  '/leave',
  '/notifications',
  '/stamps',
  '/settings/profile',
  '/settings/mutes',
  '/list/create',
  '/list/update',
  '/list/update/:listId',
  '/post/create/event',
  '/post/create/:postId/event',
  '/post/create/image/:stationGroupId',
  '/post/create/:postId/image',
  '/post/create/spot',
  '/post/update/event',
  '/post/update/:postId/event',
  '/post/update/image/:stationGroupId',
  '/post/update/:postId/image',
  '/post/update/spot',
  '/timeline/list/follow',
  '/timeline/post/follow',
]);

const SAMPLE: Record<WebParamRule, string> = {
  stationGroupId: '1130101',
  lineId: '11302',
  uuid: '0190a000-0000-7000-8000-000000000000',
  token: 'c2FtcGxlLXRva2Vu',
  tag: '%E7%B4%85%E8%91%89',
};

function samplePath(pattern: (typeof WEB_ROUTE_PATTERNS)[number]): string {
  return pattern.path.replace(/:(\w+)/g, (_match, name: string) => {
    const rule = pattern.params?.[name];
    if (!rule) throw new Error(`${pattern.path}: no rule for :${name}`);
    return SAMPLE[rule];
  });
}

/** As crawlers read the rules (docs/seo.md#robotstxt): the longest match decides, Allow wins a tie. */
function isAllowed(path: string): boolean {
  const longest = (rules: readonly string[]) =>
    Math.max(-1, ...rules.filter((rule) => path.startsWith(rule)).map((rule) => rule.length));
  return longest(ALLOWED_PATHS) >= longest(DISALLOWED_PATHS);
}

describe('robots.txt rules', () => {
  it('place every page of the web app as its access rule says', () => {
    const placed = WEB_ROUTE_PATTERNS.map((pattern) => ({
      page: pattern.path,
      disallowed: !isAllowed(samplePath(pattern)),
    }));
    expect(placed).toEqual(
      WEB_ROUTE_PATTERNS.map((pattern) => ({
        page: pattern.path,
        disallowed: DISALLOWED_PAGES.has(pattern.path),
      })),
    );
    for (const page of DISALLOWED_PAGES) {
      expect(WEB_ROUTE_PATTERNS.map((pattern) => pattern.path)).toContain(page);
    }
  });

  it('let crawlers that render pages read the API and fetch photos, but not its reference', () => {
    expect(isAllowed('/api/v2/stations/1130101')).toBe(true);
    expect(isAllowed('/api/docs')).toBe(false);
    expect(isAllowed('/api/docs/static/index.html')).toBe(false);
    expect(isAllowed('/dev/mail')).toBe(false);
    expect(isAllowed('/api/v2/image/0190a000-0000-7000-8000-000000000000')).toBe(true);
    expect(isAllowed('/sitemap.xml')).toBe(true);
    expect(isAllowed('/assets/index-abc.js')).toBe(true);
  });

  it('write one group for every crawler and the sitemap at PUBLIC_URL', () => {
    const text = renderRobotsTxt('https://ekispot.example');
    expect(text.split('\n')[0]).toBe('User-agent: *');
    expect(text).toContain('\nSitemap: https://ekispot.example/sitemap.xml\n');
    expect(text.match(/^Disallow: /gm)).toHaveLength(DISALLOWED_PATHS.length);
  });
});
