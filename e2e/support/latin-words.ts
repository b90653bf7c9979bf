import type { Page } from 'playwright-core';

/**
 * What the Japanese-text walk (journeys/japanese-text.test.ts, docs/testing.md#japanese-text)
 * reads of a page and how it finds English in it.
 */

/**
 * The product specification's fixed English texts, which stay: the error pages' texts
 * (docs/product-rules.md#routes-and-access, docs/product-rules.md#errors), and 「TOP」, the title
 * the specification gives the top page (shown as 「TOP | えきスポ」).
 */
const SPEC_TEXTS = [
  /Page not found: \S*/g,
  /Page Not Found/g,
  /Internal Server Error/g,
  /^TOP(?= \| )/g,
];

/**
 * Names of the sources whose credit the pages carry as the sources write them: the station data
 * (駅データ.jp) and the map's data and library (docs/basemap.md).
 */
const SOURCE_NAMES = [
  /駅データ\.jp/g,
  /Natural Earth/g,
  /OpenStreetMap/g,
  /OpenMapTiles/g,
  /MapLibre/g,
];

/**
 * The one file name a page names: the archive's `index.html`, which opens it in a browser
 * (docs/archive.md).
 */
const FILE_NAMES = [/index\.html/g];

/**
 * Units after a number, as Japanese writes them: 「直線約300m」, 「500 km」, 「20MBまで」, and the
 * rankings' points 「9pt」.
 */
const UNITS = /(?<=\d\s?)(km|m|MB|pt)(?![A-Za-z])/g;

/**
 * Latin words allowed in our own texts, kept small, each because Japanese has no other way to
 * say it that people use:
 * - file formats, by their names: the two a list can be saved as (GeoJSON, GPX: 「GPXで書き出す」)
 *   and the five a photo may be in (「JPEG・PNG・WebP・GIF・AVIF形式」), the rides' 「CSVで書き出す」
 *   and the archive's 「ZIPファイル」;
 * - URL: the takedown form asks for 「対象のURL」, the 404 page says the URL may be mistyped;
 * - IP: the privacy policy's 「IPアドレス」;
 * - QR: 「QRコード」 of the authenticator app's setup;
 * - the device and browser names the session list reads from the User-Agent
 *   (apps/api/src/modules/auth/device-label.ts), product names with no Japanese of their own.
 * Anything else is written by members, a name from the station data, or to be put in Japanese.
 */
export const ALLOWED_WORDS = new Set([
  ...['GeoJSON', 'GPX', 'JPEG', 'PNG', 'WebP', 'GIF', 'AVIF', 'CSV', 'ZIP'],
  ...['URL', 'IP', 'QR'],
  ...['iPhone', 'iPad', 'Android', 'Chromebook', 'Windows', 'Mac', 'Linux'],
  ...['Edge', 'Opera', 'Samsung', 'Internet', 'Firefox', 'Chrome', 'Safari'],
]);

/** Latin letters, half- or full-width, as runs: 「JR山手線」 has the word JR. */
const LATIN_WORD = /[A-Za-zＡ-Ｚａ-ｚ]+/g;

/** The Latin words of a text. */
export function latinWords(text: string): string[] {
  return text.match(LATIN_WORD) ?? [];
}

/**
 * Web and mail addresses are not words of a language: they are left out before the search (a
 * full URL, a mail address, a host such as cyberjapandata.gsi.go.jp, a path such as
 * /settings/profile).
 */
function withoutAddresses(text: string): string {
  return text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    .replace(/\b[\w-]+(\.[\w-]+)*\.(jp|com|org|net|io)\b/g, ' ')
    .replace(/(?<![\w.])\/[\w\-./?=&%]+/g, ' ');
}

/** The fixed texts, source names, units and addresses taken out: what is left of a page's text. */
export function readableText(text: string): string {
  let left = text;
  for (const fixed of [...SPEC_TEXTS, ...SOURCE_NAMES, ...FILE_NAMES])
    left = left.replace(fixed, ' ');
  return withoutAddresses(left.replace(UNITS, ' '));
}

/**
 * Everything a person can read or hear on the page: its title, the text drawn (`innerText`,
 * screen-reader-only text included, what is not displayed left out), and the labels, image
 * descriptions, tooltips and placeholders of every element, hidden or not.
 */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    const attributes = ['aria-label', 'alt', 'title', 'placeholder', 'aria-roledescription'];
    for (const element of document.querySelectorAll('*'))
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    for (const title of document.querySelectorAll('svg title')) texts.push(title.textContent ?? '');
    // What a screen reader reads from elsewhere, though it is not drawn (a drag handle's help).
    for (const element of document.querySelectorAll('[aria-describedby], [aria-labelledby]'))
      for (const name of ['aria-describedby', 'aria-labelledby'])
        for (const id of (element.getAttribute(name) ?? '').split(/\s+/).filter(Boolean))
          texts.push(document.getElementById(id)?.textContent ?? '');
    return texts;
  });
}

/**
 * The fields of the API's answers that hold what members wrote (names, titles, bodies, notes,
 * addresses), or names from the station data (stations, lines, companies): their words are
 * not ours to translate.
 */
const MEMBER_TEXT_KEYS = new Set([
  'name',
  'title',
  'body',
  'bio',
  'description',
  'note',
  'details',
  'email',
  'url',
  'company',
  'companyName',
  'company_name',
  'lineName',
  'line_name',
  'stationName',
  'station_name',
]);

/** Adds the Latin words of every member-written field of a JSON value to `into`. */
export function collectMemberWords(value: unknown, into: Set<string>, key = ''): void {
  if (typeof value === 'string') {
    if (!MEMBER_TEXT_KEYS.has(key)) return;
    for (const word of latinWords(value)) into.add(word);
    // A picture-less member is shown by the first letter of their name.
    if (key === 'name') for (const initial of latinWords(value.slice(0, 1))) into.add(initial);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collectMemberWords(item, into, key);
    return;
  }
  if (value && typeof value === 'object')
    for (const [name, inner] of Object.entries(value)) collectMemberWords(inner, into, name);
}

/**
 * Keeps the words of what members wrote as the page receives it: every JSON answer of the API,
 * and the data a server-drawn page carries for its hydration.
 */
export function watchMemberWords(page: Page, into: Set<string>) {
  const pending = new Set<Promise<void>>();
  page.on('response', (response) => {
    if (!response.url().includes('/api/v2/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    const read = response
      .json()
      .then((body: unknown) => collectMemberWords(body, into))
      .catch(() => undefined)
      .finally(() => pending.delete(read));
    pending.add(read);
  });
  return {
    /** Waits for the answers still being read, and reads the server's data of a fresh load. */
    async settle() {
      await Promise.all([...pending]);
      const state = await page.evaluate(
        () => document.querySelector('script[type="application/json"]')?.textContent ?? null,
      );
      if (state) collectMemberWords(JSON.parse(state), into);
    },
  };
}
