import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { isHashtagName, normalizeHashtag } from './search-text.js';

/**
 * The web app's address space, known to both sides: the web app's route table must list
 * exactly these patterns (a test checks it), and the server answers 404 for a page address
 * that matches none of them (docs/navigation.md).
 */

/** How a path parameter is validated; a malformed value is a 404 on both sides. */
export type WebParamRule = 'stationGroupId' | 'lineId' | 'uuid' | 'token' | 'tag';

export interface WebRoutePattern {
  /** React Router syntax: `/station/:stationGroupId`. */
  path: string;
  params?: Readonly<Record<string, WebParamRule>>;
  /**
   * Only moderators may see the page (docs/moderation.md#moderators): to anyone else it is to look
   * exactly like an address that names nothing.
   */
  moderatorsOnly?: true;
  /**
   * The query parameters the page reads, and none other (docs/security.md#pages-are-keyed-on-what-they-read):
   * the server answers any other parameter with a 301 to the address without it, so a page is
   * drawn and kept once per value of what it reads. A page that declares none takes none.
   */
  query?: readonly string[];
}

const uuid = (name: string) => ({ [name]: 'uuid' }) as const;
const token = { token: 'token' } as const;
const station = { stationGroupId: 'stationGroupId' } as const;

/**
 * Every page of the web app (docs/product-rules.md#routes-and-access), with the query parameters
 * each reads (`query`; none when absent).
 */
export const WEB_ROUTE_PATTERNS: readonly WebRoutePattern[] = [
  // The map's view and marker kinds (apps/web/src/features/stations/utils/map-view.ts, map-kinds.ts).
  { path: '/', query: ['lat', 'lng', 'z', 'kinds'] },
  { path: '/login', query: ['redirect'] },
  { path: '/register' },
  { path: '/forgot' },
  { path: '/reset-password/:token', params: token },
  { path: '/verify-email/:token', params: token },
  { path: '/verify-new-email/:token', params: token },
  { path: '/unsubscribe/:token', params: token },
  // A security alert's link (docs/accounts.md#alerts).
  { path: '/secure-account/:token', params: token },
  { path: '/leave' },
  { path: '/notifications' },
  // The signed-in member's own stamp book, an address without their id (the app's shortcut).
  { path: '/stamps' },
  // Rides (docs/rides.md): the member's own record, its nationwide map and the ride form.
  { path: '/rides' },
  { path: '/rides/map' },
  { path: '/rides/new', query: ['from', 'to', 'line'] },
  { path: '/settings/profile' },
  { path: '/settings/mutes' },
  { path: '/list/create' },
  { path: '/list/update', query: ['listId'] },
  { path: '/list/update/:listId', params: uuid('listId') },
  { path: '/list/:listId', params: uuid('listId') },
  { path: '/post/:postId', params: uuid('postId') },
  { path: '/post/:postId/comment/:commentId', params: { postId: 'uuid', commentId: 'uuid' } },
  { path: '/post/create/event', query: ['stationGroupId'] },
  { path: '/post/create/:postId/event', params: uuid('postId') },
  { path: '/post/create/image/:stationGroupId', params: station },
  { path: '/post/create/:postId/image', params: uuid('postId') },
  { path: '/post/create/spot', query: ['stationGroupId'] },
  { path: '/post/update/event', query: ['postId'] },
  { path: '/post/update/:postId/event', params: uuid('postId') },
  { path: '/post/update/image/:stationGroupId', params: station, query: ['postId'] },
  { path: '/post/update/:postId/image', params: uuid('postId') },
  { path: '/post/update/spot', query: ['postId'] },
  { path: '/privacy' },
  { path: '/service' },
  // 削除の申し出, open to anyone, and the link its confirmation mail carries.
  { path: '/contact/takedown', query: ['url'] },
  { path: '/contact/takedown/confirm/:token', params: token },
  { path: '/station/:stationGroupId', params: station },
  { path: '/line/:lineId', params: { lineId: 'lineId' } },
  { path: '/search/station/random' },
  // One search for stations, lines, posts, tags and members (docs/search.md), and a tag's page.
  { path: '/search', query: ['q', 'tab'] },
  { path: '/tag/:tag', params: { tag: 'tag' } },
  { path: '/users', query: ['q'] },
  { path: '/users/:userId/followers', params: uuid('userId') },
  { path: '/users/:userId/following', params: uuid('userId') },
  { path: '/profile/:userId/action/liked', params: uuid('userId') },
  { path: '/profile/:userId/action/want-to-participate-events', params: uuid('userId') },
  { path: '/profile/:userId/action/want-to-visit-spots', params: uuid('userId') },
  { path: '/profile/:userId/action/want-to-visit-stations', params: uuid('userId') },
  { path: '/profile/:userId/lists', params: uuid('userId') },
  { path: '/profile/:userId/posts', params: uuid('userId') },
  { path: '/profile/:userId/stamps', params: uuid('userId') },
  // The profile itself and the tabs' short addresses lead to the tab pages above.
  { path: '/profile/:userId', params: uuid('userId') },
  { path: '/profile/:userId/liked', params: uuid('userId') },
  { path: '/profile/:userId/want-to-participate-events', params: uuid('userId') },
  { path: '/profile/:userId/want-to-visit-spots', params: uuid('userId') },
  { path: '/profile/:userId/want-to-visit-stations', params: uuid('userId') },
  { path: '/rankings/impact', query: ['period'] },
  { path: '/rankings/post', query: ['period'] },
  { path: '/timeline/list/all' },
  { path: '/timeline/list/follow' },
  { path: '/timeline/post/all', query: ['kinds'] },
  { path: '/timeline/post/follow', query: ['kinds'] },
  // The moderators' area: the web app shows its 404 page to everyone else.
  { path: '/moderation', moderatorsOnly: true, query: ['tab'] },
  { path: '/moderation/log', moderatorsOnly: true },
];

const uuidSchema = lazySchema(() => z.uuid());
const TOKEN = /^[A-Za-z0-9_\-.~]{1,512}$/;
/** A station or line id as it appears in a path: digits only, no sign, no leading zero. */
const STATION_GROUP_ID = /^[1-9][0-9]{0,9}$/;
const STATION_GROUP_ID_MAX = 2_147_483_647;

/** A tag's name as it stands in a path (percent-encoded or not), already in its one spelling. */
function isTagParam(value: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(value);
  } catch {
    return false;
  }
  return isHashtagName(name) && normalizeHashtag(name) === name;
}

/** Whether one path parameter is well-formed for its rule. */
export function isWebParamValid(rule: WebParamRule, value: string): boolean {
  switch (rule) {
    case 'stationGroupId':
    case 'lineId':
      return STATION_GROUP_ID.test(value) && Number(value) <= STATION_GROUP_ID_MAX;
    case 'uuid':
      return uuidSchema.safeParse(value).success;
    case 'token':
      return TOKEN.test(value);
    case 'tag':
      return isTagParam(value);
  }
}

/** Whether every declared parameter is present and well-formed. */
export function areWebParamsValid(
  rules: Readonly<Record<string, WebParamRule>> | undefined,
  params: Readonly<Record<string, string | undefined>>,
): boolean {
  if (!rules) return true;
  return Object.entries(rules).every(([name, rule]) => {
    const value = params[name];
    return value !== undefined && isWebParamValid(rule, value);
  });
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function matchPattern(
  pattern: WebRoutePattern,
  segments: readonly string[],
): Record<string, string> | null {
  const parts = pattern.path.split('/').filter(Boolean);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] ?? '';
    if (part.startsWith(':')) {
      const value = decodeSegment(segment);
      if (value === null) return null;
      params[part.slice(1)] = value;
    } else if (part.toLowerCase() !== segment.toLowerCase()) {
      // Like React Router, literal segments match regardless of case.
      return null;
    }
  }
  return params;
}

/**
 * Whether a pathname (without query) is a page of the web app with well-formed parameters,
 * as the client router decides it: literal segments are case-insensitive, a trailing slash
 * is ignored, parameters are URL-decoded. A route whose parameters fail shows the 404 page.
 */
export function isWebRoutePath(pathname: string): boolean {
  return webRouteOf(pathname) !== null;
}

/**
 * Whether a pathname is one of the moderators' pages: the server answers it to anyone else
 * exactly as an address that names nothing (docs/moderation.md#moderators).
 */
export function isModeratorsOnlyWebPath(pathname: string): boolean {
  return webRouteOf(pathname)?.moderatorsOnly === true;
}

/**
 * The one spelling of a page's path: the pattern's own literal segments (the router takes any
 * case), each parameter as it came, no empty segment and no trailing slash; null for an address
 * that is no page. The server sends other spellings there, so each page is drawn and kept once
 * (docs/security.md#pages-are-keyed-on-what-they-read).
 */
export function canonicalPagePath(pathname: string): string | null {
  const pattern = webRouteOf(pathname);
  if (pattern === null) return null;
  const segments = pathname.split('/').filter(Boolean);
  const parts = pattern.path.split('/').filter(Boolean);
  return `/${parts.map((part, index) => (part.startsWith(':') ? segments[index] : part)).join('/')}`;
}

/** The pattern a pathname names, as {@link isWebRoutePath} decides it, or null. */
function webRouteOf(pathname: string): WebRoutePattern | null {
  const segments = pathname.split('/').filter(Boolean);
  return (
    WEB_ROUTE_PATTERNS.find((pattern) => {
      const params = matchPattern(pattern, segments);
      return params !== null && areWebParamsValid(pattern.params, params);
    }) ?? null
  );
}

function decodeName(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/**
 * The query string a page address keeps (`?…`, or '' for none): only the parameters its page
 * reads (`query` above), the first value of each, in the order declared, each written exactly as
 * it came. An address that is no page keeps none. The server sends any other query string to
 * this one (docs/security.md#pages-are-keyed-on-what-they-read).
 */
export function pageSearchOf(pathname: string, search: string): string {
  const declared = webRouteOf(pathname)?.query ?? [];
  if (declared.length === 0) return '';
  const found = new Map<string, string>();
  for (const piece of search.replace(/^\?/, '').split('&')) {
    if (piece === '') continue;
    const name = decodeName(piece.split('=', 1)[0] ?? '');
    if (name !== null && declared.includes(name) && !found.has(name)) found.set(name, piece);
  }
  const kept = declared.flatMap((name) => found.get(name) ?? []);
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}
