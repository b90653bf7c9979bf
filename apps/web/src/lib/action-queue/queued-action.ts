/**
 * A member's write made while the network was away, kept until it is sent
 * (docs/pwa.md#queued-actions). Plain data: it lives in IndexedDB and is read by the page and
 * by the service worker alike.
 */
export type QueuedTarget =
  | { kind: 'reaction'; postId: string; reaction: 'like' | 'want'; on: boolean }
  | { kind: 'station-want'; stationGroupId: number; on: boolean }
  | { kind: 'comment'; postId: string; body: string }
  | { kind: 'stamp'; stationGroupId: number; measuredAt: string }
  /** A ride or a journey (docs/rides.md#offline): its legs as the member saw them. */
  | { kind: 'ride'; label: string; riddenOn: string };

export interface QueuedAction {
  /** The `Idempotency-Key`: made when the member acted, sent with every attempt. */
  key: string;
  /** Order of making; the queue sends oldest first. */
  seq: number;
  method: 'POST' | 'DELETE';
  /** Under the API's base path, e.g. `/posts/{id}/like`. */
  path: string;
  /** The JSON body as sent (snake_case), or null. */
  body: unknown;
  target: QueuedTarget;
  /**
   * The member who acted, as the page knew them (docs/pwa.md#whose-data): the action is sent
   * only while that member is the session, and dropped once another member or nobody is.
   * Missing on actions kept before owners were recorded, which then belong to nobody.
   */
  owner?: string | null;
  /** When the member acted (ms). */
  createdAt: number;
  attempts: number;
  /** Not sent again before this time (ms): the backoff after a 5xx or a network error. */
  notBefore: number;
  /** Set when the server refused it: the envelope's message, shown to the member once. */
  refusal?: { status: number; message: string };
}

/** Whether the action belongs to this owner (a visitor owns nothing; see {@link QueuedAction.owner}). */
export function isOwnedBy(action: Pick<QueuedAction, 'owner'>, owner: string | null): boolean {
  return owner !== null && action.owner === owner;
}

/** A new idempotency key (a UUID; the server takes 8–128 of `[A-Za-z0-9_-]`). */
export function newActionKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID();
  return `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/** Backoff after a failed attempt: 5 s, 10 s, 20 s … up to 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(5 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/** What the server answered a queued action. */
export interface QueueAnswer {
  status: number;
  /** The answer carried `Idempotent-Replayed`: the first answer to this key, given again. */
  replayed: boolean;
}

/**
 * What an answer means for a queued action, which always carries its idempotency key
 * (apps/api/src/plugins/idempotency.ts). 2xx: sent. 408, 429, 5xx: try again later. A 409 not
 * marked as replayed is the key still running on the server (or a conflict met by the first
 * attempt, which the server keeps): trying again later gets either way the first answer,
 * marked as replayed. Any other 4xx, and a replayed 409 (a stamp already collected), is the
 * server's last word: refused, its message told to the member.
 */
export function outcomeOf({ status, replayed }: QueueAnswer): 'sent' | 'retry' | 'refused' {
  if (status >= 200 && status < 300) return 'sent';
  if (status >= 500 || status === 408 || status === 429) return 'retry';
  if (status === 409 && !replayed) return 'retry';
  return 'refused';
}
