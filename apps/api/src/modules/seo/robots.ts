/**
 * robots.txt (docs/seo.md#robotstxt): crawlers may read every open page of the web app; the
 * pages that only serve a signed-in member or a signed-out visitor's account steps (`auth` and
 * `guest` in apps/web/src/app/route-table.ts, addresses in packages/shared/src/web-routes.ts),
 * the API and the development mailbox are disallowed. robots.test.ts checks every page address
 * of the web app against these rules, so a new page has to be placed on one side.
 */

/** Path prefixes crawlers are asked to leave alone. */
export const DISALLOWED_PATHS: readonly string[] = [
  // The API stays open: the pages are drawn in the browser from its public reads, and a crawler
  // that renders them must be allowed those requests (member-only calls answer 401 anyway). Its
  // reference is no page to list.
  '/api/docs',
  '/dev/',
  // Signed-out account steps (guest), and the mailed links (open, but one person's token).
  '/login',
  '/register',
  '/forgot',
  '/reset-password/',
  '/verify-email/',
  '/verify-new-email/',
  '/unsubscribe/',
  '/contact/takedown/confirm/',
  // A member's own pages and the editors (auth).
  '/leave',
  '/notifications',
  '/stamps',
  '/settings/',
  '/list/create',
  '/list/update',
  '/post/create/',
  '/post/update/',
  '/timeline/list/follow',
  '/timeline/post/follow',
];

/**
 * Exceptions inside a disallowed prefix (the longest matching rule wins, docs/seo.md#robotstxt);
 * none today.
 */
export const ALLOWED_PATHS: readonly string[] = [];

export function renderRobotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...ALLOWED_PATHS.map((path) => `Allow: ${path}`),
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
