/** What the push endpoints and the pushes say (Japanese, shown as is). */
export const PUSH_MESSAGES = {
  subscribed: 'この端末でプッシュ通知を受け取ります。',
  unsubscribed: 'この端末のプッシュ通知を止めました。',
  notSubscribed: 'この端末のプッシュ通知は登録されていません。',
  preferencesSaved: 'プッシュ通知の設定を保存しました。',
  endpointRefused:
    'この通知の送り先（endpoint）は使えません。ブラウザーのプッシュサービスの https のアドレスを指定してください。',
  p256dhUnusable:
    '通知の暗号化キー（p256dh）が正しくありません。ブラウザーが作った P-256 の公開鍵を指定してください。',
  authUnusable: '通知の認証キー（auth）が正しくありません。16バイトの値を指定してください。',
  /** The title every push carries. */
  title: 'えきスポ',
  someone: '退会したメンバー',
  moderation: '運営チームからお知らせがあります',
} as const;
