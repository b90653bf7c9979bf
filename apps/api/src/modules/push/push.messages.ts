/** What the push endpoints and the pushes say (Japanese, shown as is). */
export const PUSH_MESSAGES = {
  subscribed: 'この端末でプッシュ通知を受け取ります。',
  unsubscribed: 'この端末のプッシュ通知を止めました。',
  notSubscribed: 'この端末のプッシュ通知は登録されていません。',
  preferencesSaved: 'プッシュ通知の設定を保存しました。',
  endpointRefused:
    'この通知の送り先（endpoint）は使えません。ブラウザーのプッシュサービスの https のアドレスを指定してください。',
  /** The title every push carries. */
  title: 'えきスポ',
  someone: '退会したメンバー',
  moderation: '運営チームからお知らせがあります',
} as const;
