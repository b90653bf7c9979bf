import type { ModerationActionKind, ReportTargetKind } from '@ekispot/shared';
import { MODERATION_ACTION_LABELS, REPORT_TARGET_LABELS } from '@ekispot/shared';

/** Japanese texts the moderators' routes answer with (docs/conventions.md#api-modules). */
export const MODERATION_MESSAGES = {
  actionNotFor: (action: ModerationActionKind, kind: ReportTargetKind) =>
    `${REPORT_TARGET_LABELS[kind]}には「${MODERATION_ACTION_LABELS[action]}」を選べません。`,
  targetGone: '対象が見つかりません。すでに削除されている可能性があります。',
  notOnYourOwn:
    '自分の投稿や自分のアカウントには対応できません。ほかのモデレーターに依頼してください。',
  alreadyHidden: 'この項目はすでに非表示になっています。',
  alreadySuspended: 'このアカウントはすでに停止されています。',
  nothingToRestore: '元に戻す対応がありません（非表示や停止になっていません）。',
  done: (actionLabel: string, kindLabel: string) =>
    `${kindLabel}について「${actionLabel}」を記録しました。`,
} as const;
