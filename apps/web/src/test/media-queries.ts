/**
 * Answers the page's `window.matchMedia` queries as `matches` says, for what the test DOM cannot
 * be (a touch screen, an installed app); `forgetMediaQueries()` puts its own answers back.
 */
export function answerMediaQueries(matches: (query: string) => boolean): void {
  const matchMedia = (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
}

export function forgetMediaQueries(): void {
  Reflect.deleteProperty(window, 'matchMedia');
}

/** The default window of the test DOM (happy-dom's). */
const DEFAULT_VIEWPORT = { width: 1024, height: 768 };

/**
 * Makes the test window `width` px wide: happy-dom answers the page's media queries (CSS and
 * `matchMedia`) from it. `resetViewport()` puts the default back.
 */
export function setViewportWidth(width: number): void {
  happyDom().setViewport({ width });
}

export function resetViewport(): void {
  happyDom().setViewport(DEFAULT_VIEWPORT);
}

function happyDom(): { setViewport(viewport: { width?: number; height?: number }): void } {
  return (window as unknown as { happyDOM: ReturnType<typeof happyDom> }).happyDOM;
}
