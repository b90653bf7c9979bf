import { z } from 'zod';
import { textSchema } from './text.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Reports (docs/moderation.md): a member tells the moderators that a post, a comment, a member
 * or a list breaks the law or the terms. One open report per member and item.
 */

export const REPORT_TARGET_KINDS = ['post', 'comment', 'user', 'list'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'privacy',
  'illegal',
  'inappropriate_image',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons as the report form lists them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'スパム',
  harassment: '嫌がらせ・誹謗中傷',
  privacy: '個人情報・プライバシー',
  illegal: '違法・権利侵害',
  inappropriate_image: '不適切な画像',
  other: 'その他',
};

/** What a reported item is called in messages (「この投稿を報告する」). */
export const REPORT_TARGET_LABELS: Record<ReportTargetKind, string> = {
  post: '投稿',
  comment: 'コメント',
  user: 'メンバー',
  list: 'リスト',
};

export const REPORT_NOTE_MAX = 1000;

/** Reports a member may send in an hour (a burst beyond is refused with 429). */
export const REPORTS_PER_HOUR = 20;

export const REPORT_ACCEPTED_MESSAGE = '報告を受け付けました。ご協力ありがとうございます。';

export const reportCreateBodySchema = lazySchema(() =>
  z.object({
    target: z.object({
      kind: z.enum(REPORT_TARGET_KINDS, { error: '報告する対象の種類が正しくありません。' }),
      id: z.uuid('報告する対象が正しくありません。'),
    }),
    reason: z.enum(REPORT_REASONS, { error: '理由を選んでください。' }),
    note: textSchema({ multiline: true })
      .trim()
      .max(REPORT_NOTE_MAX, `補足は${REPORT_NOTE_MAX}文字以内で入力してください。`)
      .optional(),
  }),
);
export type ReportCreateBody = z.infer<typeof reportCreateBodySchema>;

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;

export const reportSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    target: z.object({ kind: z.enum(REPORT_TARGET_KINDS), id: z.string() }),
    reason: z.enum(REPORT_REASONS),
    note: z.string().nullable(),
    status: z.enum(REPORT_STATUSES),
    created_at: z.string(),
  }),
);
export type Report = z.infer<typeof reportSchema>;

/** An open report older than this is overdue and highlighted in the queue. */
export const REPORT_OVERDUE_DAYS = 7;
