/**
 * Answers the page's media queries (`window.matchMedia`, which jsdom lacks) as `matches` says;
 * `forgetMediaQueries()` takes the answer away again.
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
