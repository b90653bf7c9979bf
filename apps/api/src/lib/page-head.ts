// What the server writes into a page's <head> (plugins/web.ts applies it; modules/share and
// modules/seo say what it holds for each page).

/** A page's head; 'not-found' answers 404; a redirect sends the visitor on (301). */
export type HeadResult = PageHead | 'not-found' | { redirect: string } | null;

/** What a shared link shows: written into the HTML as OGP and Twitter card tags. */
export interface PageHead {
  title: string;
  description: string;
  /** The canonical absolute URL of the page. */
  url: string;
  type: 'website' | 'article' | 'profile';
  image: { url: string; width?: number; height?: number; alt: string } | null;
  /** schema.org objects, each written as a JSON-LD script (modules/seo/structured-data.ts). */
  structuredData?: readonly Readonly<Record<string, unknown>>[];
}
