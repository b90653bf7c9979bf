import { canonicalPagePath, pageSearchOf } from '@ekispot/shared';

/**
 * The address a page is drawn and kept at (docs/security.md#pages-are-keyed-on-what-they-read):
 * its path spelled one way and the query parameters the page reads, nothing else. `redirect`
 * when the request named it otherwise, never to `//host…` (another site): such an address is
 * only keyed clean.
 */
export function pageAddressOf(
  requestUrl: string,
  /**
   * A moderators' address (moderator-pages.ts): spelt as it came, with no query, as an unknown
   * address would be; another spelling must not show that it is a page.
   */
  options: { moderators: boolean },
): { pathname: string; url: string; redirect: boolean } {
  const at = requestUrl.indexOf('?');
  const path = at < 0 ? requestUrl : requestUrl.slice(0, at);
  const search = at < 0 ? '' : requestUrl.slice(at + 1);
  const pathname = options.moderators ? path : (canonicalPagePath(path) ?? path);
  const url = options.moderators ? path : `${pathname}${pageSearchOf(pathname, search)}`;
  return { pathname, url, redirect: url !== requestUrl && !/^\/[/\\]/.test(url) };
}
