/**
 * Sitemap documents of the sitemap protocol 0.9 (docs/seo.md#sitemaps): a `urlset` of pages and a
 * `sitemapindex` of sitemaps, each entry an absolute `loc` and, when known, its `lastmod`.
 */

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapEntry {
  loc: string;
  /** A W3C datetime; the element is left out when null. */
  lastmod: string | null;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text for an element's content: the five characters XML gives meaning to, escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

function renderEntries(element: 'url' | 'sitemap', entries: readonly SitemapEntry[]): string {
  return entries
    .map(
      (entry) =>
        `<${element}><loc>${escapeXml(entry.loc)}</loc>` +
        (entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '') +
        `</${element}>\n`,
    )
    .join('');
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function renderUrlset(entries: readonly SitemapEntry[]): string {
  return `${DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}">\n${renderEntries('url', entries)}</urlset>\n`;
}

export function renderSitemapIndex(entries: readonly SitemapEntry[]): string {
  return `${DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${renderEntries('sitemap', entries)}</sitemapindex>\n`;
}
