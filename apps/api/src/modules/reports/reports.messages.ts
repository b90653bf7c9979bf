import { REPORT_TARGET_LABELS, type ReportTargetKind } from '@ekispot/shared';

/** The Japanese texts of reports (docs/moderation.md#reports). */
export const REPORT_MESSAGES = {
  notFound: (kind: ReportTargetKind) =>
    `報告する${REPORT_TARGET_LABELS[kind]}が見つかりません。すでに削除された可能性があります。`,
  own: (kind: ReportTargetKind) =>
    kind === 'user'
      ? '自分自身は報告できません。'
      : `自分の${REPORT_TARGET_LABELS[kind]}は報告できません。`,
  alreadyOpen: (kind: ReportTargetKind) =>
    `この${REPORT_TARGET_LABELS[kind]}はすでに報告済みです。運営が確認するまでお待ちください。`,
  tooMany: '短い時間に多くの報告が送られました。しばらく待ってからもう一度お試しください。',
} as const;
