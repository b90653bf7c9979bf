/**
 * A member's write made while the network was away, kept until it is sent
 * (docs/pwa.md#queued-actions). Plain data: it lives in IndexedDB and is read by the page and
 * by the service worker alike.
 */
export type QueuedTarget =
  | { kind: 'reaction'; postId: string; reaction: 'like' | 'want'; on: boolean }
  | { kind: 'station-want'; stationGroupId: number; on: boolean }
  | { kind: 'comment'; postId: string; body: string }
  | { kind: 'stamp'; stationGroupId: number; measuredAt: string };

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
  /** When the member acted (ms). */
  createdAt: number;
  attempts: number;
  /** Not sent again before this time (ms): the backoff after a 5xx or a network error. */
  notBefore: number;
  /** Set when the server refused it: the envelope's message, shown to the member once. */
  refusal?: { status: number; message: string };
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

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

/** The server's 409 while the first request with the same key is still running. */
const STILL_RUNNING_MESSAGE = '同じ操作を処理しています';

/**
 * What an answer means for a queued action. 2xx: sent. 408, 429, 5xx, and the 409 that says
 * the same key is still running on the server: try again later. Any other 4xx (a stamp
 * already collected is a 409 too): refused, for good.
 */
export function outcomeOf(status: number, message = ''): 'sent' | 'retry' | 'refused' {
  if (status >= 200 && status < 300) return 'sent';
  if (status >= 500 || status === 408 || status === 429) return 'retry';
  if (status === 409 && message.includes(STILL_RUNNING_MESSAGE)) return 'retry';
  return 'refused';
}
