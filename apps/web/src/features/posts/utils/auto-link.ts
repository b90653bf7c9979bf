/** A run of a post's or comment's text: plain text, or an http(s) address to link. */
export type TextSegment =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * Candidate addresses: `http://` or `https://` followed by the characters a URL may hold.
 * Only ASCII counts, so Japanese text written straight after an address (「…/page です」
 * without a space) is not swallowed, and no other scheme (javascript:, data:) is ever matched.
 */
const URL_PATTERN = /\bhttps?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/g;

/** Punctuation that ends a sentence rather than the address when it comes last. */
const TRAILING_PUNCTUATION = /[.,:;!?'"*]$/;

const CLOSERS: Record<string, string> = { ')': '(', ']': '[' };

function count(text: string, char: string): number {
  let total = 0;
  for (const c of text) if (c === char) total += 1;
  return total;
}

/**
 * Drops trailing characters that belong to the sentence: 「(see https://example.com).」 links
 * https://example.com, while a closing bracket the address itself opened
 * (https://ja.wikipedia.org/wiki/Foo_(bar)) stays.
 */
export function trimUrlEnd(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1);
    if (last === undefined) return url;
    if (TRAILING_PUNCTUATION.test(last)) {
      url = url.slice(0, -1);
      continue;
    }
    const opener = CLOSERS[last];
    if (opener !== undefined && count(url, last) > count(url, opener)) {
      url = url.slice(0, -1);
      continue;
    }
    return url;
  }
}

/** The address as a safe link target, or null when it is not a well-formed http(s) URL. */
export function toSafeHref(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  return url.href;
}

/**
 * Splits text into plain runs and http(s) links. The result is rendered as text nodes and
 * anchors, never as HTML, so nothing in a post can inject markup.
 */
export function autoLink(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let plainStart = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = trimUrlEnd(match[0]);
    const href = toSafeHref(url);
    // "https://" alone, or a host that does not parse, stays plain text.
    if (href === null || url.length <= 'https://'.length) continue;
    if (start > plainStart) segments.push({ kind: 'text', text: text.slice(plainStart, start) });
    segments.push({ kind: 'link', text: url, href });
    plainStart = start + url.length;
  }
  if (plainStart < text.length) segments.push({ kind: 'text', text: text.slice(plainStart) });
  return segments;
}
