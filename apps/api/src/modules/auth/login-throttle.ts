import type { AddressKey } from '../../lib/address-key.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { HttpError } from '../../lib/http-error.js';

/**
 * Guessing passwords is slowed without letting anyone lock an owner out. Failed logins are
 * counted twice:
 *
 * - per account and client (IP): after CLIENT_FAILURES_MAX failures in the window, that
 *   client gets 429 for that account until the window ends. Only the guesser is refused;
 *   the owner, on another client, is not.
 * - per account, from any client: past ACCOUNT_FAILURES_FREE failures every attempt on the
 *   account waits a little longer (doubling, at most ACCOUNT_DELAY_MAX_MS) before the
 *   password is checked. A spread-out attack slows down; the owner's login still succeeds,
 *   only later.
 *
 * A successful login clears its client's count. The limit per IP over all accounts
 * (rate-limits.ts) still bounds one client trying many accounts.
 */

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const CLIENT_FAILURES_MAX = 10;
export const ACCOUNT_FAILURES_FREE = 5;
export const ACCOUNT_DELAY_BASE_MS = 100;
export const ACCOUNT_DELAY_MAX_MS = 2_000;

/** The wait before checking a password, given the account's recent failures. */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_FAILURES_FREE) return 0;
  const steps = Math.min(failures - ACCOUNT_FAILURES_FREE, 10);
  return Math.min(ACCOUNT_DELAY_BASE_MS * 2 ** steps, ACCOUNT_DELAY_MAX_MS);
}

export interface LoginThrottle {
  /** Refuses a client that failed too often on this account; slows an account under attack. */
  before(email: string, client: string): Promise<void>;
  failed(email: string, client: string): Promise<void>;
  succeeded(email: string, client: string): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createLoginThrottle(
  store: CounterStore,
  options: { addressKey: AddressKey; wait?: (ms: number) => Promise<unknown> },
): LoginThrottle {
  const wait = options.wait ?? sleep;
  const { addressKey } = options;
  const clientKey = (email: string, client: string) => `login-fail:${addressKey(email)}:${client}`;
  const accountKey = (email: string) => `login-fail:${addressKey(email)}`;
  return {
    async before(email, client) {
      const [mine, account] = await Promise.all([
        store.peek(clientKey(email, client)),
        store.peek(accountKey(email)),
      ]);
      if (mine.count >= CLIENT_FAILURES_MAX) {
        throw new HttpError('RATE_LIMITED', undefined, null, {
          'retry-after': String(Math.max(1, Math.ceil(mine.resetInMs / 1000))),
        });
      }
      const delay = accountDelayMs(account.count);
      if (delay > 0) await wait(delay);
    },
    async failed(email, client) {
      await Promise.all([
        store.hit(clientKey(email, client), LOGIN_WINDOW_MS),
        store.hit(accountKey(email), LOGIN_WINDOW_MS),
      ]);
    },
    async succeeded(email, client) {
      await store.clear(clientKey(email, client));
    },
  };
}
