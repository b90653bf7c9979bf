import { decodeKeyPair, encodeKeyPair, splitPage } from '../../lib/page-cursor.js';

/**
 * Keyset cursors of the people lists (lib/page-cursor.ts), opaque to clients: the last row's
 * sort key and its id. Times are kept in microseconds as PostgreSQL stores them (a JavaScript
 * Date would round to milliseconds and skip or repeat rows); the directory's key is a follower
 * count.
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
  return encodeKeyPair(key.key, key.id);
}

/** Anything a client changed or made up is a 422 on `cursor`. */
export function decodeUserCursor(cursor: string | undefined): UserPageKey | null {
  const pair = decodeKeyPair(cursor, KEY, ID);
  return pair ? { key: pair[0], id: pair[1] } : null;
}

/** Splits a `limit + 1` fetch into the page and the cursor of the next one. */
export function toUserPage<T>(rows: T[], limit: number, keyOf: (row: T) => UserPageKey) {
  return splitPage(rows, limit, (row) => encodeUserCursor(keyOf(row)));
}
