import { TAKEDOWN_CONFIRM_HOURS } from '@ekispot/shared';

/**
 * Texts of 削除の申し出 (docs/moderation.md#takedown-requests). The choices' labels come from
 * packages/shared (TAKEDOWN_RELATIONSHIP_LABELS, REPORT_REASON_LABELS), the answers from the API.
 */
export const takedownsMessages = {
  takedowns: {
    intro:
      'えきスポに掲載されている投稿・コメント・メンバーのプロフィール・リストについて、権利の侵害やプライバシーの問題などで削除を求める場合は、このフォームからお申し出ください。ログインしていなくても申し出られます。',
    process: `送信すると、入力したメールアドレスに確認のメールが届きます。メールのリンクを${TAKEDOWN_CONFIRM_HOURS}時間以内に開くと申し出が受け付けられ、運営チームが内容を確認して、結果をメールでお知らせします。`,
    url: '対象のURL',
    urlHint:
      '削除を求める投稿・コメント・メンバー・リストのページのURLを、ブラウザのアドレス欄からコピーして貼り付けてください。',
    relationship: '対象との関係',
    reason: '申し出の理由',
    details: '申し出の内容',
    detailsPlaceholder:
      '削除を求める箇所と、その理由を具体的にお書きください（例：2枚目の写真に自宅が写っている）。',
    name: 'お名前（任意）',
    nameHint: 'お知らせのメールの宛名に使います。',
    email: 'メールアドレス',
    emailHint: '確認と結果のお知らせに使います。',
    privacyNote:
      'お名前とメールアドレスは、この申し出への対応とご連絡のためにだけ使います。申し出の内容は運営チームが確認します。',
    submit: '確認メールを送る',
    submitting: '送信しています…',
    sentHeading: '確認のメールを送りました',
    sentBody: (email: string) =>
      `${email} に確認のメールを送りました。メールのリンクを開くと、申し出が受け付けられます（リンクの有効期限は${TAKEDOWN_CONFIRM_HOURS}時間です）。`,
    notArrived:
      'メールが届かない場合は、迷惑メールのフォルダもご確認ください。アドレスを間違えた場合は、もう一度お申し出ください。',
    again: 'もう一度申し出る',
    toTop: 'トップページへ',
    confirming: '申し出を受け付けています…',
    receiptNumber: (number: string) => `受付番号：${number}`,
    receiptNote: '受付番号は、確認のメールとは別にお送りした受付のメールにも記載しています。',
  },
} as const;
