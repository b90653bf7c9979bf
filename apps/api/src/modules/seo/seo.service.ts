import type { Database } from '../../db/database.js';
import * as repository from './seo.repository.js';
import { renderRobotsTxt } from './robots.js';
import { listSitemapTags } from '../search/tags.service.js';
import { renderSitemapIndex, renderUrlset, type SitemapEntry } from './sitemap-xml.js';

/**
 * What crawlers read besides the pages (docs/seo.md): the sitemap index, its sitemaps and
 * robots.txt. No Fastify types here.
 */

export {
  eventStructuredData,
  listStructuredData,
  spotStructuredData,
  stationStructuredData,
} from './structured-data.js';

/** Pages per sitemap: the protocol allows 50,000; smaller files stay quick to build and send. */
export const SITEMAP_PAGE_SIZE = 10_000;

/** The kinds of public pages, in the order the index lists them. */
const KINDS: readonly repository.SitemapKind[] = [
  'stations',
  'lines',
  'posts',
  'lists',
  'profiles',
];

/** The address of one page of each kind, from its key. */
const PAGE_PATHS: Record<repository.SitemapKind, (key: string) => string> = {
  stations: (id) => `/station/${id}`,
  lines: (id) => `/line/${id}`,
  posts: (id) => `/post/${id}`,
  lists: (id) => `/list/${id}`,
  // The profile's canonical address is its posts tab (share.service.ts).
  profiles: (id) => `/profile/${id}/posts`,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INTEGER_ID = /^[1-9]\d{0,9}$/;
const INTEGER_ID_MAX = 2_147_483_647;
const SITEMAP_FILE = new RegExp(`^(${KINDS.join('|')})-([1-9]\\d{0,5})\\.xml$`);

/** A first key as the kind's primary key takes it, or null when it is no such key. */
function parseKey(kind: repository.SitemapKind, value: string): string | number | null {
  if (kind === 'stations' || kind === 'lines') {
    return INTEGER_ID.test(value) && Number(value) <= INTEGER_ID_MAX ? Number(value) : null;
  }
  return UUID.test(value) ? value : null;
}

function isKind(value: string | undefined): value is repository.SitemapKind {
  return KINDS.some((kind) => kind === value);
}

/**
 * A sitemap's address: the first page of a kind is `/sitemap-{kind}-1.xml`; page n after it
 * carries its first key (`?from=`), so serving it is a keyset query, never an offset. They sit
 * at the root: a sitemap may only list addresses under its own folder (docs/seo.md#sitemaps).
 */
function sitemapUrl(publicUrl: string, kind: repository.SitemapKind, page: number, key: string) {
  const query = page === 1 ? '' : `?from=${encodeURIComponent(key)}`;
  return `${publicUrl}/sitemap-${kind}-${page}.xml${query}`;
}

/**
 * How long a built index is served again: building it walks every public row, and crawlers
 * need it no fresher (its sitemaps, one keyset query each, are always built afresh).
 */
export const SITEMAP_INDEX_TTL_MS = 5 * 60_000;

/** The sitemap index, built at most once per `ttlMs` (requests meanwhile share the build). */
export function createSitemapIndexReader(
  db: Database,
  publicUrl: string,
  ttlMs = SITEMAP_INDEX_TTL_MS,
  now: () => number = Date.now,
): () => Promise<string> {
  let cached: { until: number; body: Promise<string> } | null = null;
  return () => {
    if (cached && cached.until > now()) return cached.body;
    const entry = { until: now() + ttlMs, body: buildSitemapIndex(db, publicUrl) };
    cached = entry;
    entry.body.catch(() => {
      if (cached === entry) cached = null;
    });
    return entry.body;
  };
}

/** The sitemap index: every sitemap page of every kind that has public pages. */
export async function buildSitemapIndex(db: Database, publicUrl: string): Promise<string> {
  const pagesOfKinds = await Promise.all(
    KINDS.map((kind) => repository.findSitemapPages(db, kind, SITEMAP_PAGE_SIZE)),
  );
  const entries: SitemapEntry[] = KINDS.flatMap((kind, kindIndex) =>
    (pagesOfKinds[kindIndex] ?? []).map((page, index) => ({
      loc: sitemapUrl(publicUrl, kind, index + 1, page.key),
      lastmod: page.lastmod,
    })),
  );
  // Tag pages with enough public posts (docs/search.md#hashtags): one sitemap of them.
  if ((await listSitemapTags({ db }, 1)).length > 0)
    entries.push({ loc: `${publicUrl}/${TAGS_SITEMAP}`, lastmod: null });
  return renderSitemapIndex(entries);
}

/** The one sitemap of tag pages. */
const TAGS_SITEMAP = 'sitemap-tags-1.xml';

async function buildTagsSitemap(db: Database, publicUrl: string): Promise<string | null> {
  const tags = await listSitemapTags({ db }, SITEMAP_PAGE_SIZE);
  if (tags.length === 0) return null;
  return renderUrlset(
    tags.map((tag) => ({ loc: `${publicUrl}/tag/${encodeURIComponent(tag)}`, lastmod: null })),
  );
}

/**
 * One sitemap of the index by its file name and first key, or null when it names none (a
 * malformed name or key, a first page with a key or a later one without, no rows from there).
 */
export async function buildSitemapPage(
  db: Database,
  publicUrl: string,
  file: string,
  from: string | undefined,
): Promise<string | null> {
  if (`sitemap-${file}` === TAGS_SITEMAP)
    return from === undefined ? buildTagsSitemap(db, publicUrl) : null;
  const [, kind, page] = SITEMAP_FILE.exec(file) ?? [];
  if (!isKind(kind)) return null;
  const firstPage = Number(page) === 1;
  if (firstPage !== (from === undefined)) return null;
  const firstKey = from === undefined ? null : parseKey(kind, from);
  if (!firstPage && firstKey === null) return null;
  const rows = await repository.findSitemapRows(db, kind, firstKey, SITEMAP_PAGE_SIZE);
  if (rows.length === 0) return null;
  const pagePath = PAGE_PATHS[kind];
  return renderUrlset(
    rows.map((row) => ({ loc: `${publicUrl}${pagePath(row.key)}`, lastmod: row.lastmod })),
  );
}

export function buildRobotsTxt(publicUrl: string): string {
  return renderRobotsTxt(publicUrl);
}
