/**
 * Which cache, if any, the service worker answers a request from (docs/pwa.md#offline). Kept
 * pure, apart from the worker, so each decision is tested (`cache-plan.test.ts`).
 */

/** Bumped when a runtime cache's contents change shape; activate drops other versions. */
export const RUNTIME_CACHE_VERSION = 'v1';

export const CACHE_NAMES = {
  /** Pages (HTML) opened: network first, so a new build's page is seen at once. */
  pages: `ekispot-pages-${RUNTIME_CACHE_VERSION}`,
  /** Public reads (stations, lines, the map's data): stale-while-revalidate. */
  public: `ekispot-public-${RUNTIME_CACHE_VERSION}`,
  /** Reads that may carry the viewer's own state: network first, cleared when the member changes. */
  member: `ekispot-member-${RUNTIME_CACHE_VERSION}`,
  /** Photos and stamp images (fixed content per address): cache first. */
  images: `ekispot-images-${RUNTIME_CACHE_VERSION}`,
  /** The build's hashed files (`/assets/*`, names that change with their content): cache first. */
  assets: `ekispot-assets-${RUNTIME_CACHE_VERSION}`,
  /** Fixed-name files of the map (the offline basemap): stale-while-revalidate. */
  static: `ekispot-static-${RUNTIME_CACHE_VERSION}`,
} as const;

/** Entries kept per runtime cache (oldest dropped first) and their age limit. */
export const CACHE_LIMITS = {
  pages: { maxEntries: 40, maxAgeSeconds: 7 * 24 * 3600 },
  public: { maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600 },
  member: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 },
  images: { maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600 },
  // Hashed files never go stale; the least used go first, an earlier build's before this one's.
  assets: { maxEntries: 250 },
  static: { maxEntries: 20, maxAgeSeconds: 30 * 24 * 3600 },
} as const;

export type CachePlan =
  /** Not the worker's business: the browser goes to the network as if there were no worker. */
  'network-only' | 'page' | 'public' | 'member' | 'images' | 'assets' | 'static';

export interface RequestFacts {
  method: string;
  /** The full URL. */
  url: string;
  /** `navigate` for a page load. */
  mode: string;
  /** The request's Accept header ('' when absent). */
  accept: string;
  /** The worker's own origin. */
  origin: string;
}

const API = '/api/v2';

/** Public reads: the same answer for everyone (their routes are `public`, docs/conventions.md). */
const PUBLIC_READS = [
  /^\/stations\/(markers(\/names)?|search|nearby)$/,
  /^\/stations\/\d+$/,
  /^\/lines(\/[^/]+)?$/,
  /^\/prefectures$/,
  /^\/map\/.+$/,
  // A station's map image (docs/map.md#map-images); a post's or list's follows its item (member).
  /^\/maps\/station\/\d+\.webp$/,
];
const IMAGES = [/^\/image\/[^/]+$/, /^\/stations\/\d+\/stamp\.(svg|png|webp)$/];
/**
 * Never cached: the session and the account (`/auth/*`), live streams, a random station (the
 * point is a new one), push registration, the moderators' area, mail links, and anything only
 * the browser's own network should see.
 */
const NEVER = [
  /^\/auth(\/|$)/,
  /\/stream$/,
  /^\/stations\/random$/,
  /^\/push(\/|$)/,
  /^\/moderation(\/|$)/,
  /^\/mail\//,
  /^\/takedowns(\/|$)/,
];
/** Fixed names the worker must never answer from a cache: its own script, the build's id. */
const UNCACHED_FILES = new Set(['/sw.js', '/build.json']);
/** The build's files with a hash in their names (code, styles, the map's worker). */
const HASHED_FILE = /^\/assets\/[^/]+$/;
/** Fixed-name files kept as they are read: the offline basemap (docs/basemap.md#offline-layer). */
const STATIC_FILES = [/^\/basemap\/[^/]+\.json$/];

export function planFor(request: RequestFacts): CachePlan {
  if (request.method !== 'GET') return 'network-only';
  const url = new URL(request.url);
  if (url.origin !== request.origin) return 'network-only';
  if (request.accept.includes('text/event-stream')) return 'network-only';
  if (request.mode === 'navigate')
    return url.pathname.startsWith('/api/') ? 'network-only' : 'page';
  if (UNCACHED_FILES.has(url.pathname)) return 'network-only';
  if (HASHED_FILE.test(url.pathname)) return 'assets';
  if (STATIC_FILES.some((pattern) => pattern.test(url.pathname))) return 'static';
  if (!url.pathname.startsWith(`${API}/`)) return 'network-only';
  const path = url.pathname.slice(API.length);
  if (NEVER.some((pattern) => pattern.test(path))) return 'network-only';
  if (IMAGES.some((pattern) => pattern.test(path))) return 'images';
  if (PUBLIC_READS.some((pattern) => pattern.test(path))) return 'public';
  return 'member';
}

/**
 * Whether an answer may be kept: a whole success (or, for images from elsewhere, an opaque one
 * is never asked for) that the server did not mark `no-store` or `private` to a shared cache.
 */
export function isCacheable(response: {
  status: number;
  headers: { get(name: string): string | null };
}): boolean {
  if (response.status !== 200) return false;
  const cacheControl = (response.headers.get('Cache-Control') ?? '').toLowerCase();
  return !/(^|[,\s])no-store([,\s]|$)/.test(cacheControl);
}
