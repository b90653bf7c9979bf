const PLACEHOLDER_ORIGIN = 'https://ekispot.invalid';

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The page to return to after login, from an untrusted `?redirect=`. Only a path on this
 * site is allowed: `//evil.example`, `/\evil.example`, `https://…`, `javascript:` and
 * anything with control characters fall back, as does /login itself (no loop).
 */
export function sanitizeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/')) return fallback;
  // Browsers read `\` as `/` and drop tabs and newlines, so `/\evil` or `/\t/evil` leave the site.
  if (value.startsWith('//') || value.includes('\\') || hasControlCharacter(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  // `/..//evil` normalises to the path `//evil`, which would leave the site again.
  if (url.origin !== PLACEHOLDER_ORIGIN || url.pathname.startsWith('//')) return fallback;
  if (url.pathname === '/login') return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
