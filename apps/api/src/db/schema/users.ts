import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { images } from './images.js';

/** A moderator works the reports (docs/moderation.md#moderators); everyone else is a member. */
export const userRole = pgEnum('user_role', ['member', 'moderator']);

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    /** Stored lower-cased; uniqueness is on this column. */
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    avatarImageId: uuid('avatar_image_id').references(() => images.id, { onDelete: 'set null' }),
    /** Non-essential mail (notifications, news) may be sent. */
    mailOptIn: boolean('mail_opt_in').notNull().default(true),
    /** Whether others may see the liked and want tabs of the profile (docs/people.md). */
    actionsPublic: boolean('actions_public').notNull().default(true),
    /** Kept in the same transaction as every follow change (users.repository.ts). */
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    /** Granted and revoked from the command line only (`npm run admin`). */
    role: userRole('role').notNull().default('member'),
    /**
     * Suspended by a moderator until this time (9999-12-31 for good: db/moderated.ts): no login, and their posts,
     * comments, lists and profile are hidden from everyone (docs/moderation.md#suspension).
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_created_at_id_idx').on(table.createdAt.desc(), table.id.desc()),
    index('users_name_idx').on(table.name),
    // The directory: most-followed first, ties newest first.
    index('users_follower_count_id_idx').on(table.followerCount.desc(), table.id.desc()),
    // Name search by character n-grams (ekispot_name_grams is created by migration 0003).
    index('users_name_grams_idx').using('gin', sql`ekispot_name_grams(${table.name})`),
    index('users_moderators_idx')
      .on(table.id)
      .where(sql`${table.role} = 'moderator'`),
    index('users_suspended_idx')
      .on(table.id)
      .where(sql`${table.suspendedUntil} is not null`),
  ],
);

/** Login sessions: opaque tokens stored only as SHA-256 hashes. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Until when this session may change the address, the password, passkeys or the second
     * step without asking again (docs/accounts.md#re-authentication): 5 minutes after the
     * password or a passkey was given.
     */
    reauthUntil: timestamp('reauth_until', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('auth_tokens_token_hash_key').on(table.tokenHash),
    index('auth_tokens_user_id_idx').on(table.userId),
    index('auth_tokens_expires_at_idx').on(table.expiresAt),
  ],
);

export const mailTokenPurpose = pgEnum('mail_token_purpose', [
  'verify_email',
  'reset_password',
  'change_email',
  'unsubscribe',
]);

/** One-time tokens sent by mail (verification, reset, e-mail change, unsubscribe). */
export const mailTokens = pgTable(
  'mail_tokens',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: mailTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address an e-mail change will switch to. */
    newEmail: text('new_email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('mail_tokens_token_hash_key').on(table.tokenHash),
    index('mail_tokens_user_purpose_idx')
      .on(table.userId, table.purpose)
      .where(sql`${table.usedAt} is null`),
  ],
);

/**
 * Addresses whose owner said 「いいえ」 to an unexpected confirmation mail: registering them
 * again is silently refused until `until` (docs/accounts.md#an-unexpected-confirmation-mail).
 * Keyed by a hash of the address, so no address is kept for someone without an account.
 */
export const registrationBlocks = pgTable('registration_blocks', {
  addressHash: text('address_hash').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
