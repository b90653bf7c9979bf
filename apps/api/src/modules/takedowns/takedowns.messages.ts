import { TAKEDOWN_CONFIRM_HOURS } from '@ekispot/shared';

/** The Japanese texts of 削除の申し出 (docs/moderation.md#takedown-requests). */
export const TAKEDOWN_MESSAGES = {
  sent: '確認のメールを送りました。メールのリンクを開くと申し出が受け付けられます。',
  confirmed:
    '削除の申し出を受け付けました。運営チームが内容を確認し、対応の結果をメールでお知らせします。',
  alreadyConfirmed:
    'この削除の申し出はすでに受け付けています。対応の結果はメールでお知らせします。',
  invalidLink:
    'このリンクは無効です。メールに記載されたURLを、途中で切れていないか確かめてもう一度開いてください。',
  expiredLink: `このリンクの有効期限（${TAKEDOWN_CONFIRM_HOURS}時間）が切れています。お手数ですが、もう一度お申し出ください。`,
  foreignUrl: (publicUrl: string) => `えきスポ（${publicUrl}）のページのURLを入力してください。`,
  notAnItem: (publicUrl: string) =>
    `削除を求める投稿・コメント・メンバー・リストのページのURLを入力してください（例：${publicUrl}/post/…）。`,
} as const;
