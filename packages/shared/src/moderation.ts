import { z } from 'zod';
import { emailSchema } from './auth.js';
import { REPORT_REASONS, REPORT_TARGET_KINDS } from './reports.js';
import { textSchema } from './text.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The moderators' actions, the audit log and the takedown form (docs/moderation.md), shared by
 * the API and the web app.
 */

export const MODERATION_ACTIONS = [
  'dismiss',
  'hide',
  'remove',
  'warn',
  'suspend',
  'restore',
] as const;
export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number];

/** The actions as the moderation area names them. */
export const MODERATION_ACTION_LABELS: Record<ModerationActionKind, string> = {
  dismiss: '対応不要として閉じる',
  hide: '非表示にする',
  remove: '削除する',
  warn: '投稿者に警告する',
  suspend: 'アカウントを停止する',
  restore: '元に戻す',
};

/** The reason a moderator gives: shown in the audit log, and to the author for hide/warn/suspend. */
export const MODERATION_REASON_MAX = 1000;
/** The longest fixed suspension; a longer one is 無期限 (`days: null`). */
export const SUSPENSION_DAYS_MAX = 3650;

export const moderationTargetSchema = lazySchema(() =>
  z.object({
    kind: z.enum(REPORT_TARGET_KINDS, { error: '対象の種類が正しくありません。' }),
    id: z.uuid('対象が正しくありません。'),
  }),
);
export type ModerationTarget = z.infer<typeof moderationTargetSchema>;

export const moderationActionBodySchema = lazySchema(() =>
  z.object({
    action: z.enum(MODERATION_ACTIONS, { error: '対応を選んでください。' }),
    target: moderationTargetSchema,
    reason: textSchema({ multiline: true, error: '理由を入力してください。' })
      .trim()
      .min(1, '理由を入力してください。')
      .max(MODERATION_REASON_MAX, `理由は${MODERATION_REASON_MAX}文字以内で入力してください。`),
    /** For `suspend`: whole days, or null for good. Ignored by the other actions. */
    suspend_days: z
      .number({ error: '停止する日数は数字で入力してください。' })
      .int('停止する日数は整数で入力してください。')
      .min(1, '停止する日数は1日以上にしてください。')
      .max(SUSPENSION_DAYS_MAX, `停止する日数は${SUSPENSION_DAYS_MAX}日以内にしてください。`)
      .nullable()
      .optional(),
  }),
);
export type ModerationActionBody = z.infer<typeof moderationActionBodySchema>;

const memberRefSchema = lazySchema(() => z.object({ id: z.string(), name: z.string() }));

/** One row of the audit log. */
export const moderationLogEntrySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    action: z.enum(MODERATION_ACTIONS),
    target: z.object({ kind: z.enum(REPORT_TARGET_KINDS), id: z.string() }),
    /** The item's author at the time (the member, for a member). */
    target_owner: memberRefSchema.nullable(),
    target_summary: z.string(),
    moderator: memberRefSchema,
    reason: z.string(),
    /** For a suspension: its end, null for good. */
    suspended_until: z.string().nullable(),
    reports_closed: z.number().int(),
    created_at: z.string(),
  }),
);
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;

export const moderationLogSchema = lazySchema(() =>
  z.object({
    items: z.array(moderationLogEntrySchema),
    next_cursor: z.string().nullable(),
  }),
);
export type ModerationLog = z.infer<typeof moderationLogSchema>;

/** What `POST /moderation/actions` answers: the log row and the message to show. */
export const moderationActionResultSchema = lazySchema(() =>
  z.object({
    entry: moderationLogEntrySchema,
    message: z.string(),
  }),
);

/** Where an item stands now, as the queue shows it. */
export const MODERATION_ITEM_STATES = ['visible', 'hidden', 'removed', 'suspended'] as const;
export type ModerationItemState = (typeof MODERATION_ITEM_STATES)[number];

/** An item as the moderators see it in the queue: what it says, and where it stands. */
export const moderationPreviewSchema = lazySchema(() =>
  z.object({
    state: z.enum(MODERATION_ITEM_STATES),
    /** A post's or list's title, a member's name; empty for a comment. */
    title: z.string(),
    /** The start of the body, comment, description or bio. */
    excerpt: z.string(),
    /** The web path that shows the item, null once removed. */
    path: z.string().nullable(),
  }),
);
export type ModerationPreview = z.infer<typeof moderationPreviewSchema>;

/** The author's record, for the queue. */
export const authorHistorySchema = lazySchema(() =>
  z.object({
    /** Reports about any of their items, open or closed. */
    reports: z.number().int(),
    /** Earlier hide, remove, warn and suspend actions on them or their items. */
    actions: z.number().int(),
    /** Set while they are suspended; null for good or not suspended (see `suspended`). */
    suspended_until: z.string().nullable(),
    suspended: z.boolean(),
  }),
);
export type AuthorHistory = z.infer<typeof authorHistorySchema>;

/** One item of the moderators' queue: its open reports, counted by reason. */
export const moderationItemSchema = lazySchema(() =>
  z.object({
    preview: moderationPreviewSchema,
    author_history: authorHistorySchema.nullable(),
    target: z.object({ kind: z.enum(REPORT_TARGET_KINDS), id: z.string() }),
    author: z.object({ id: z.string(), name: z.string() }).nullable(),
    reports: z.number().int(),
    reasons: z.partialRecord(z.enum(REPORT_REASONS), z.number().int()),
    first_reported_at: z.string(),
    last_reported_at: z.string(),
    /** Whole days since the first open report. */
    waiting_days: z.number().int(),
    overdue: z.boolean(),
  }),
);
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationQueueSchema = lazySchema(() =>
  z.object({ items: z.array(moderationItemSchema) }),
);
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

// ---------------------------------------------------------------------------------------------
// 削除の申し出 (/contact/takedown), open to anyone

export const TAKEDOWN_RELATIONSHIPS = ['self', 'rights_holder', 'agent', 'other'] as const;
export type TakedownRelationship = (typeof TAKEDOWN_RELATIONSHIPS)[number];

export const TAKEDOWN_RELATIONSHIP_LABELS: Record<TakedownRelationship, string> = {
  self: '掲載されている本人',
  rights_holder: '権利者（著作権者など）',
  agent: '本人・権利者の代理人',
  other: 'その他',
};

export const TAKEDOWN_DETAILS_MAX = 2000;
export const TAKEDOWN_NAME_MAX = 100;
/** How long the confirmation link works. */
export const TAKEDOWN_CONFIRM_HOURS = 24;
/** Requests one client, and one mail address, may send in an hour (a burst beyond is a 429). */
export const TAKEDOWNS_PER_HOUR = 5;

export const takedownCreateBodySchema = lazySchema(() =>
  z.object({
    url: z
      .string({ error: '対象のURLを入力してください。' })
      .trim()
      .min(1, '対象のURLを入力してください。')
      .max(2000, 'URLは2000文字以内で入力してください。'),
    relationship: z.enum(TAKEDOWN_RELATIONSHIPS, { error: '対象との関係を選んでください。' }),
    reason: z.enum(REPORT_REASONS, { error: '理由を選んでください。' }),
    details: textSchema({ multiline: true, error: '申し出の内容を入力してください。' })
      .trim()
      .min(1, '申し出の内容を入力してください。')
      .max(
        TAKEDOWN_DETAILS_MAX,
        `申し出の内容は${TAKEDOWN_DETAILS_MAX}文字以内で入力してください。`,
      ),
    name: textSchema()
      .trim()
      .max(TAKEDOWN_NAME_MAX, `お名前は${TAKEDOWN_NAME_MAX}文字以内で入力してください。`)
      .optional(),
    email: emailSchema,
  }),
);
export type TakedownCreateBody = z.infer<typeof takedownCreateBodySchema>;

/** One confirmed takedown request in the moderators' queue. */
export const takedownItemSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** 受付番号, as the requester was told it (「K7MX-3RPA」). */
    receipt_number: z.string(),
    url: z.string(),
    target: z.object({ kind: z.enum(REPORT_TARGET_KINDS), id: z.string() }).nullable(),
    relationship: z.enum(TAKEDOWN_RELATIONSHIPS),
    reason: z.enum(REPORT_REASONS),
    details: z.string(),
    name: z.string(),
    email: z.string(),
    confirmed_at: z.string(),
    waiting_days: z.number().int(),
    overdue: z.boolean(),
  }),
);
export type TakedownItem = z.infer<typeof takedownItemSchema>;

export const takedownQueueSchema = lazySchema(() =>
  z.object({ items: z.array(takedownItemSchema) }),
);

/**
 * What opening the confirmation link answers: the request's 受付番号 (eight characters to read
 * out, 「K7MX-3RPA」; the id stays the row's key), and whether it was open already.
 */
export const takedownConfirmResultSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    receipt_number: z.string(),
    already_confirmed: z.boolean(),
  }),
);
export type TakedownConfirmResult = z.infer<typeof takedownConfirmResultSchema>;
