import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';
import { reportReason, reportTargetKind } from './reports.js';
import { users } from './users.js';

/** What a moderator did (docs/moderation.md#actions). */
export const moderationActionKind = pgEnum('moderation_action_kind', [
  'dismiss',
  'hide',
  'remove',
  'warn',
  'suspend',
  'restore',
]);

/**
 * The audit log: one row per moderator action, never changed or deleted (a trigger of
 * migration 0016 refuses both). Members are named by id and by their name at the time, without
 * foreign keys, so the log outlives the accounts it names.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: idColumn(),
    moderatorId: uuid('moderator_id'),
    moderatorName: text('moderator_name').notNull(),
    action: moderationActionKind('action').notNull(),
    targetKind: reportTargetKind('target_kind').notNull(),
    targetId: uuid('target_id').notNull(),
    targetOwnerId: uuid('target_owner_id'),
    targetOwnerName: text('target_owner_name'),
    /** What the item said when the action was taken (a title or the start of a body). */
    targetSummary: text('target_summary').notNull().default(''),
    reason: text('reason').notNull(),
    /** For a suspension: its end (9999-12-31 for good: db/moderated.ts). */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** Open reports and takedown requests this action closed. */
    reportsClosed: integer('reports_closed').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('moderation_actions_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('moderation_actions_target_idx').on(table.targetKind, table.targetId),
    index('moderation_actions_owner_idx').on(table.targetOwnerId),
  ],
);

export const takedownRelationship = pgEnum('takedown_relationship', [
  'self',
  'rights_holder',
  'agent',
  'other',
]);
export const takedownStatus = pgEnum('takedown_status', [
  'unconfirmed',
  'open',
  'dismissed',
  'actioned',
]);

/**
 * A 削除の申し出 from anyone, signed in or not (docs/moderation.md#takedown-requests). It enters
 * the moderators' queue once its mail address is confirmed by the link mailed to it.
 */
export const takedownRequests = pgTable(
  'takedown_requests',
  {
    id: idColumn(),
    /** 受付番号 shown to the requester and moderators (「K7MX-3RPA」, modules/takedowns/receipt-number.ts). */
    receiptNumber: text('receipt_number').notNull(),
    url: text('url').notNull(),
    /** The item the URL names, when it names one of ours. */
    targetKind: reportTargetKind('target_kind'),
    targetId: uuid('target_id'),
    relationship: takedownRelationship('relationship').notNull(),
    reason: reportReason('reason').notNull(),
    details: text('details').notNull(),
    name: text('name').notNull().default(''),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    /** SHA-256 of the confirmation link's token. */
    tokenHash: text('token_hash').notNull(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    status: takedownStatus('status').notNull().default('unconfirmed'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('takedown_requests_token_key').on(table.tokenHash),
    uniqueIndex('takedown_requests_receipt_number_key').on(table.receiptNumber),
    index('takedown_requests_open_idx')
      .on(table.confirmedAt)
      .where(sql`${table.status} = 'open'`),
    index('takedown_requests_target_idx').on(table.targetKind, table.targetId),
    index('takedown_requests_email_created_idx').on(table.email, table.createdAt.desc()),
  ],
);

/** The moderators' daily digest: one row per Japan day it was queued, so it is sent once. */
export const moderationDigests = pgTable('moderation_digests', {
  day: date('day').primaryKey(),
  createdAt: createdAt(),
});
