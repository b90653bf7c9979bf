import createCache from '@emotion/cache';
import type { EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';

/**
 * Emotion's styles for a page drawn on the server (docs/architecture.md#server-rendering).
 *
 * A MUI component built on another one (a Button on ButtonBase, a Link on Typography) makes two
 * classes as it renders: its own styles, handed to the inner component, and the inner one's
 * class that merges both and is the only one on the element. The page's critical CSS is what
 * its elements use; the handed-on classes are left out of it, so the browser's first render
 * would make and insert them again, one by one, while it hydrates. They are sent too, after
 * the page, marked as Emotion marks its own, so the browser's style cache starts with them.
 */
export interface ServerStyles {
  cache: EmotionCache;
  server: ReturnType<typeof createEmotionServer>;
}

/** A fresh cache that collects styles; made before the render that uses it. */
export function newStyleCache(): ServerStyles {
  const cache = createCache({ key: 'css' });
  // Made before rendering: it switches the cache to collecting styles instead of writing them
  // beside each element.
  return { cache, server: createEmotionServer(cache) };
}

/**
 * The style tags for `html`, drawn with `styles`: the ones its elements use, for the head, and
 * the handed-on classes the same render made, for after the page.
 */
export function styleTags(styles: ServerStyles, html: string): { head: string; rest: string } {
  const critical = styles.server.extractCriticalToChunks(html);
  const sent = new Set(critical.styles.flatMap((chunk) => chunk.ids));
  const { key, inserted, registered } = styles.cache;
  const restIds = Object.keys(inserted).filter(
    (id) => !sent.has(id) && typeof inserted[id] === 'string' && registered[`${key}-${id}`],
  );
  const rest = restIds.length
    ? `<style data-emotion="${key} ${restIds.join(' ')}">${restIds.map((id) => inserted[id]).join('')}</style>`
    : '';
  return { head: styles.server.constructStyleTagsFromChunks(critical), rest };
}
