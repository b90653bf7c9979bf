import { z } from 'zod';

/**
 * Text typed by people: names, titles, bodies, comments, search words. Control characters
 * (NUL above all, which PostgreSQL cannot store) and broken UTF-16 (a lone surrogate) have
 * no place in them; multi-line text keeps tab, line feed and carriage return.
 */

export const CONTROL_CHARACTER_MESSAGE = '使用できない文字（制御文字など）が含まれています。';

// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds nothing a person could not have typed. */
export function isCleanText(value: string, options: { multiline?: boolean } = {}): boolean {
  const forbidden = options.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  return !forbidden.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * A string schema that refuses control characters with a Japanese message; chain `.trim()`,
 * `.min()`, `.max()` on it as on any string. `error` is the message for a missing value.
 */
export function textSchema(options: { multiline?: boolean; error?: string } = {}) {
  return z
    .string(options.error === undefined ? undefined : { error: options.error })
    .refine((value) => isCleanText(value, options), CONTROL_CHARACTER_MESSAGE);
}

/** Addresses people write in text (`https://…`, `http://…`, `www.…`); the web app links them. */
const LINK_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'、。「」（）]+/gi;

/** How many web addresses the text holds. */
export function countLinks(text: string): number {
  return text.match(LINK_PATTERN)?.length ?? 0;
}
