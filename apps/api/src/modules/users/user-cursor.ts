import { validationFailed } from '../../lib/http-error.js';
import {
  decodeKeyPair,
  encodeKeyPair,
  INVALID_CURSOR_MESSAGE,
  splitPage,
} from '../../lib/page-cursor.js';

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

const MICROS = /^\d{1,17}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INTEGER = /^\d{1,10}$/;
/** The largest PostgreSQL `integer` (follower counts, station group ids). */
const INTEGER_MAX = 2_147_483_647;

/**
 * What each people list pages by: most lists by a time and a member's (or stamp's) uuid, the
 * station tab by a time and a station group id, the directory by a follower count and a uuid.
 * A cursor of another list, or a number beyond an `integer` column, never reaches a query.
 */
export type UserCursorKind = 'time-uuid' | 'time-station' | 'count-uuid';
const PATTERNS: Record<UserCursorKind, [key: RegExp, id: RegExp]> = {
  'time-uuid': [MICROS, UUID],
  'time-station': [MICROS, INTEGER],
  'count-uuid': [INTEGER, UUID],
};

export function encodeUserCursor(key: UserPageKey): string {
  return encodeKeyPair(key.key, key.id);
}

/** Anything a client changed or made up, or a cursor of another list, is a 422 on `cursor`. */
export function decodeUserCursor(
  cursor: string | undefined,
  kind: UserCursorKind = 'time-uuid',
): UserPageKey | null {
  const [keyPattern, idPattern] = PATTERNS[kind];
  const pair = decodeKeyPair(cursor, keyPattern, idPattern);
  if (!pair) return null;
  const [key, id] = pair;
  const integer = kind === 'count-uuid' ? key : kind === 'time-station' ? id : null;
  if (integer !== null && Number(integer) > INTEGER_MAX)
    throw validationFailed({ cursor: [INVALID_CURSOR_MESSAGE] });
  return { key, id };
}

/** Splits a `limit + 1` fetch into the page and the cursor of the next one. */
export function toUserPage<T>(rows: T[], limit: number, keyOf: (row: T) => UserPageKey) {
  return splitPage(rows, limit, (row) => encodeUserCursor(keyOf(row)));
}
