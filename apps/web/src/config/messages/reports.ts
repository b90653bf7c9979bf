import { REPORT_TARGET_LABELS } from '@ekispot/shared';
import type { ReportTargetKind } from '@ekispot/shared';

/**
 * Texts of 「報告する」 and its dialog (docs/moderation.md#screens). The reasons' labels and the
 * answer's message come from packages/shared/src/reports.ts and the API.
 */
export const reportsMessages = {
  reports: {
    menuItem: '報告する',
    title: (kind: ReportTargetKind) => `この${REPORT_TARGET_LABELS[kind]}を報告`,
    intro: '報告は運営チームが確認します。誰が報告したかは相手に知らされません。',
    reason: '報告の理由',
    note: '補足（任意）',
    notePlaceholder: '気になった点や該当する箇所など',
    submit: '報告する',
    submitting: '送信しています…',
    cancel: 'キャンセル',
  },
} as const;
