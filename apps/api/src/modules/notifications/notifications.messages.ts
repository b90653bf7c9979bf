/** What the notifications endpoints and mails say (Japanese, shown as is). */
export const NOTIFICATION_MESSAGES = {
  readDone: '通知を既読にしました。',
  preferencesSaved: '通知の設定を保存しました。',
  tooManyStreams: '通知の接続が多すぎます。ほかのタブを閉じてから、もう一度お試しください。',
  busy: 'ただいま混み合っています。通知はしばらくしてから届きます。',
  someone: '退会したメンバー',
  digestSubject: (count: number) => `えきスポに新しいお知らせが${count}件あります`,
  digestIntro: 'えきスポで、あなたへの新しいお知らせがあります。',
  digestLink: '通知を見る',
} as const;
