/**
 * The device and browser a session list names, read from the User-Agent the session started
 * with (docs/accounts.md#sessions). Only broad names: nothing here tells one phone from another.
 */

const DEVICES: readonly [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'Chromebook'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

/** Order matters: Edge and Opera say Chrome too, Chrome says Safari. */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

export function describeUserAgent(userAgent: string | null): {
  device: string | null;
  browser: string | null;
} {
  if (!userAgent) return { device: null, browser: null };
  const find = (table: readonly [RegExp, string][]) =>
    table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { device: find(DEVICES), browser: find(BROWSERS) };
}
