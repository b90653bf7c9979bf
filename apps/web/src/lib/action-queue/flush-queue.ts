import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@ekispot/shared';
import type { Owner } from '../session-record';
import { backoffMs, isOwnedBy, outcomeOf } from './queued-action';
import type { QueuedAction } from './queued-action';
import type { QueueStore } from './queue-store';

/** What became of an action the queue tried to send. */
export type QueueEvent =
  | { type: 'sent'; action: QueuedAction; status: number; body: unknown }
  | { type: 'refused'; action: QueuedAction }
  | { type: 'changed' };

export interface FlushOptions {
  store: QueueStore;
  fetchFn?: typeof fetch;
  now?: () => number;
  /** Told of every send, refusal and change, in order. */
  notify: (event: QueueEvent) => void;
  /** Bearer token, when the caller can read it (the page can; the worker sends the cookie). */
  token?: string | null;
  /**
   * Whose session the request would carry, asked before each send (docs/pwa.md#whose-data):
   * only that member's actions go; another's are dropped, never sent with this session;
   * `undefined` (not known, a login under way) sends nothing.
   */
  owner: () => Promise<Owner>;
}

const API_BASE = '/api/v2';

/**
 * Sends the queued actions one at a time, oldest first (docs/pwa.md#queued-actions). Each
 * carries its idempotency key, so one the server already did (an answer lost on the way back)
 * is answered again, not done twice. It stops at the first action that must wait (network
 * error, 5xx, its backoff not over), so nothing overtakes an earlier action. A refused one is
 * kept, marked, until the page has told the member. Returns how many are still waiting.
 */
export async function flushQueue({
  store,
  fetchFn = fetch,
  now = Date.now,
  notify,
  token = null,
  owner,
}: FlushOptions): Promise<number> {
  const actions = (await store.list()).filter((action) => !action.refusal);
  for (const [index, action] of actions.entries()) {
    const current = await owner();
    if (current === undefined) return actions.length - index;
    if (!isOwnedBy(action, current)) {
      await store.remove(action.key);
      notify({ type: 'changed' });
      continue;
    }
    if (action.notBefore > now()) return actions.length - index;
    const answer = await send(action, fetchFn, token);
    const outcome = answer ? outcomeOf(answer) : 'retry';
    if (outcome === 'sent' && answer) {
      await store.remove(action.key);
      notify({ type: 'sent', action, status: answer.status, body: answer.body });
      continue;
    }
    if (outcome === 'refused' && answer) {
      const refused: QueuedAction = {
        ...action,
        refusal: { status: answer.status, message: messageOf(answer.body) },
      };
      await store.put(refused);
      notify({ type: 'refused', action: refused });
      continue;
    }
    const attempts = action.attempts + 1;
    await store.put({ ...action, attempts, notBefore: now() + backoffMs(attempts) });
    notify({ type: 'changed' });
    return actions.length - index;
  }
  return 0;
}

async function send(
  action: QueuedAction,
  fetchFn: typeof fetch,
  token: string | null,
): Promise<{ status: number; replayed: boolean; body: unknown } | null> {
  const headers = new Headers({
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    [IDEMPOTENCY_KEY_HEADER]: action.key,
  });
  if (action.body !== null) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    const response = await fetchFn(`${API_BASE}${action.path}`, {
      method: action.method,
      headers,
      credentials: 'same-origin',
      body: action.body === null ? undefined : JSON.stringify(action.body),
    });
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text === '' ? null : (JSON.parse(text) as unknown);
    } catch {
      body = null;
    }
    const replayed = response.headers.get(IDEMPOTENT_REPLAY_HEADER) === 'true';
    return { status: response.status, replayed, body };
  } catch {
    return null;
  }
}

function messageOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string') return message;
  }
  return '';
}
