import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';
import { users } from './users.js';

/**
 * What guards an account beyond its password (docs/accounts.md#two-step-sign-in-and-passkeys):
 * the authenticator app's secret and its recovery codes, passkeys, the short-lived challenges
 * of both, and the devices a member has signed in from (for the new-device alert).
 */

/**
 * A member's authenticator app (TOTP). A row without `enabledAt` is a setup not yet confirmed
 * with a code. `lastStep` is the 30-second step of the last accepted code: a code is never
 * accepted twice. Wrong codes count in `failures`; the fifth locks the second step until
 * `lockedUntil`.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** base32, as the authenticator app reads it from the QR code. */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  failures: smallint('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per member, stored as SHA-256 hashes only. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/** A member's passkeys (WebAuthn credentials). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential ID, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkeys_credential_id_key').on(table.credentialId),
    index('passkeys_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * Short-lived, single-use challenges, kept in the database so every instance shares them and
 * the embedded database needs no Redis: WebAuthn challenges (`passkey-*`) and the pending
 * second step of a password login (`second-step`, keyed by a hash of the token the client
 * holds). Used once with a conditional DELETE … RETURNING.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: idColumn(),
    purpose: text('purpose').notNull(),
    /** The challenge (base64url) or, for `second-step`, the SHA-256 of its token. */
    key: text('key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** For a passkey-only registration: the name and address asked for. */
    data: jsonb('data'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('auth_challenges_key').on(table.purpose, table.key),
    index('auth_challenges_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Devices a member has signed in from, by a hash of the random `device` cookie (no address or
 * place is kept): a sign-in from a device not listed sends the new-device alert.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('known_devices_key').on(table.userId, table.deviceHash)],
);
