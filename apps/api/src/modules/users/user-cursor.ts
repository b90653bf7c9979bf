import { validationFailed } from '../../lib/http-error.js';
import { INVALID_CURSOR_MESSAGE } from '../../lib/page-cursor.js';

/**
 * Keyset cursors of the people lists, opaque to clients: the last row's sort key and its id.
 * Times are kept in microseconds as PostgreSQL stores them (a JavaScript Date would round to
 * milliseconds and skip or repeat rows); the directory's key is a follower count.
 */
export interface UserPageKey {
  /** Microseconds since the epoch, or a follower count, as decimal text. */
  key: string;
  /** A uuid, or a station group id as decimal text. */
  id: string;
}

const KEY = /^\d{1,17}$/;
const ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{1,10})$/;

export function encodeUserCursor(key: UserPageKey): string {
  return Buffer.from(JSON.stringify([key.key, key.id]), 'utf8').toString('base64url');
}

/** Anything a client changed or made up is a 422 on `cursor`. */
export function decodeUserCursor(cursor: string | undefined): UserPageKey | null {
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
    KEY.test(parsed[0]) &&
    ID.test(parsed[1])
  ) {
    return { key: parsed[0], id: parsed[1] };
  }
  throw validationFailed({ cursor: [INVALID_CURSOR_MESSAGE] });
}

/** Splits a `limit + 1` fetch into the page and the cursor of the next one. */
export function toUserPage<T>(rows: T[], limit: number, keyOf: (row: T) => UserPageKey) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeUserCursor(keyOf(last)) : null,
  };
}
