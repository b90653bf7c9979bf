import { validationFailed } from './http-error.js';

/** Said on `cursor` when a cursor was changed or made up. */
export const INVALID_CURSOR_MESSAGE =
  '続きの読み込み位置が正しくありません。最初から読み込み直してください。';

/**
 * Keyset cursors (docs/conventions.md#api-conventions): the last row's sort key and id as a
 * pair of texts, opaque to clients (base64url of a JSON pair). Every list decodes its own pair
 * with the patterns its key and id must match; anything else is a 422 on `cursor`.
 */
export function encodeKeyPair(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id]), 'utf8').toString('base64url');
}

/** The pair a cursor names, or null without a cursor; a changed or made-up one is a 422. */
export function decodeKeyPair(
  cursor: string | undefined,
  keyPattern: RegExp,
  idPattern: RegExp,
): [key: string, id: string] | null {
  if (cursor === undefined || cursor === '') return null;
  let parsed: unknown = null;
  try {
    if (/^[A-Za-z0-9_-]+$/.test(cursor))
      parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 2 &&
    typeof parsed[0] === 'string' &&
    typeof parsed[1] === 'string' &&
    keyPattern.test(parsed[0]) &&
    idPattern.test(parsed[1])
  ) {
    return [parsed[0], parsed[1]];
  }
  throw validationFailed({ cursor: [INVALID_CURSOR_MESSAGE] });
}

/** Splits a `limit + 1` fetch into the page and the cursor of the next one. */
export function splitPage<T>(rows: T[], limit: number, cursorOf: (row: T) => string) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

/**
 * The key of the lists ordered by creation (posts, comments): created_at in microseconds since
 * the epoch, as PostgreSQL stores it (a JavaScript Date has only milliseconds, and rounding would
 * skip or repeat rows created within the same millisecond), and the row's id.
 */
export interface PageKey {
  /** created_at in microseconds since 1970-01-01 UTC, as decimal text. */
  micros: string;
  id: string;
}

const MICROS = /^\d{1,17}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(key: PageKey): string {
  return encodeKeyPair(key.micros, key.id);
}

/** The key a cursor names; anything a client changed or made up is a 422 on `cursor`. */
export function decodeCursor(cursor: string | undefined): PageKey | null {
  const pair = decodeKeyPair(cursor, MICROS, UUID);
  return pair ? { micros: pair[0], id: pair[1] } : null;
}

/** Splits a `limit + 1` fetch of rows that carry their key into the page and the next cursor. */
export function toPage<T extends { cursorKey: PageKey }>(rows: T[], limit: number) {
  return splitPage(rows, limit, (row) => encodeCursor(row.cursorKey));
}
