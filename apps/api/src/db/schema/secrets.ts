import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * Secrets the server makes for itself, once, by whichever instance needs one first, so every
 * instance on the database uses the same: the key of the hashes that stand for mail addresses
 * in counters (`address-key`, lib/address-key.ts; docs/security.md#faults). One row per name.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  /** base64url. */
  value: text('value').notNull(),
  createdAt: createdAt(),
});
