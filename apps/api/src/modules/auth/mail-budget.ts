import type { AddressKey } from '../../lib/address-key.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { HttpError } from '../../lib/http-error.js';

/**
 * One budget for every request that makes us send a mail (registration, verification
 * resend, password reset, e-mail change): per client IP, and per address the mail goes to,
 * whichever route asks. Counting happens before the address is looked up, so a 429 says
 * nothing about whether the address is registered.
 */

export const MAIL_WINDOW_MS = 60 * 60 * 1000;
export const MAILS_PER_IP = 10;
export const MAILS_PER_ADDRESS = 5;

export interface MailBudget {
  /** Counts one mail request, or refuses it with 429 once either budget is spent. */
  take(client: string, address: string): Promise<void>;
}

export function createMailBudget(store: CounterStore, addressKey: AddressKey): MailBudget {
  return {
    async take(client, address) {
      const [byClient, byAddress] = await Promise.all([
        store.hit(`mail:ip:${client}`, MAIL_WINDOW_MS),
        store.hit(`mail:to:${addressKey(address)}`, MAIL_WINDOW_MS),
      ]);
      const over = [
        byClient.count > MAILS_PER_IP ? byClient.resetInMs : 0,
        byAddress.count > MAILS_PER_ADDRESS ? byAddress.resetInMs : 0,
      ];
      const waitMs = Math.max(...over);
      if (waitMs > 0) {
        throw new HttpError('RATE_LIMITED', undefined, null, {
          'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
        });
      }
    },
  };
}
