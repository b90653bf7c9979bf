/**
 * The page's first picture marked `fetchpriority="high"` (a post's single photo), announced at
 * the top of the head (docs/architecture.md#server-rendering). Found in the body's markup, the
 * image would be asked for after the head's dozens of module preloads, and on a slow
 * connection wait behind them; announced first, with the same `srcset` and `sizes`, the browser
 * fetches the one size it will show before the code.
 */
const PRIORITY_IMAGE = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i;

/** The value of one attribute of a tag React wrote (double-quoted, already escaped). */
function attribute(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? null;
}

/** A preload link for the body's high-priority image, or '' when it has none. */
export function priorityImagePreload(bodyHtml: string): string {
  const tag = PRIORITY_IMAGE.exec(bodyHtml)?.[0];
  if (!tag) return '';
  const src = attribute(tag, 'src');
  if (!src) return '';
  const srcset = attribute(tag, 'srcset');
  const sizes = attribute(tag, 'sizes');
  return (
    `<link rel="preload" as="image" href="${src}"` +
    (srcset ? ` imagesrcset="${srcset}"` : '') +
    (sizes ? ` imagesizes="${sizes}"` : '') +
    ' fetchpriority="high">'
  );
}
