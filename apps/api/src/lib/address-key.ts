import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.js';
import { findOrStoreServerSecret } from '../db/server-secrets.js';

/**
 * How an e-mail address appears in a counter's key (failed logins, mails sent to it, takedown
 * requests from it): an HMAC-SHA-256 of it under a secret of the server's, so that Redis, and a
 * dump of it, holds neither the address nor anything it can be found from. A plain hash of it
 * could: anyone holding a list of addresses hashes them and compares. 128 bits: no two
 * addresses share a counter (docs/security.md#faults).
 */
export type AddressKey = (email: string) => string;

export function addressKeyWith(secret: Buffer): AddressKey {
  return (email) => createHmac('sha256', secret).update(email).digest('base64url').slice(0, 22);
}

/** The secret's name in `server_secrets`. */
export const ADDRESS_KEY_SECRET = 'address-key';

/**
 * The key every instance on the database uses (they share the counters, so they must name an
 * address alike): made once, 256 random bits, and kept in the database (db/server-secrets.ts).
 */
export async function loadAddressKey(db: Database): Promise<AddressKey> {
  const secret = await findOrStoreServerSecret(
    db,
    ADDRESS_KEY_SECRET,
    randomBytes(32).toString('base64url'),
  );
  return addressKeyWith(Buffer.from(secret, 'base64url'));
}
