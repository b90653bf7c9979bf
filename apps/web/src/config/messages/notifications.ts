/** Texts of the notifications page, the bell, the mail settings and the post timelines. */
export const notificationsMessages = {
  notifications: {
    loading: '通知を読み込み中…',
    loadFailed: '通知を読み込めませんでした。',
    retry: '再読み込み',
    empty: 'まだ通知はありません。いいねやコメント、フォローがあるとここに届きます。',
    more: 'もっと見る',
    loadingMore: '読み込み中…',
    markAllRead: 'すべて既読にする',
    markAllReadDone: 'すべての通知を既読にしました。',
    markAllReadFailed: '既読にできませんでした。もう一度お試しください。',
    unread: '未読',
    justNow: 'たった今',
    minutesAgo: (n: number) => `${n}分前`,
    hoursAgo: (n: number) => `${n}時間前`,
    daysAgo: (n: number) => `${n}日前`,
    leftMember: '退会したメンバー',
    mailHeading: '通知メール',
    mailIntro:
      'チェックした種類の通知は、メールでもお知らせします（短い間に届いた通知は1通にまとめます）。お知らせメールを受け取らない設定のときは送られません。',
    mailLegend: 'メールで受け取る通知',
    mailSaved: '通知メールの設定を保存しました。',
    mailFailed: '通知メールの設定を保存できませんでした。',
    push: {
      heading: 'プッシュ通知',
      intro:
        'この端末に、いいねやコメントなどをすぐにお知らせします。端末ごとに設定します（1人5台まで）。',
      deviceSwitch: 'この端末で受け取る',
      enabling: '設定中…',
      enabled: 'この端末でプッシュ通知を受け取ります。',
      disabled: 'この端末のプッシュ通知を止めました。',
      failed: 'プッシュ通知を設定できませんでした。時間をおいてもう一度お試しください。',
      notAllowed: '通知が許可されなかったため、プッシュ通知はオンになりませんでした。',
      unsupported: 'このブラウザーはプッシュ通知に対応していません。',
      iosHomeScreen:
        'iPhone・iPad では、えきスポをホーム画面に追加してから、ホーム画面のアイコンで開くとプッシュ通知を受け取れます（共有メニューの「ホーム画面に追加」）。',
      noServiceWorker:
        'この端末では、まだプッシュ通知を使えません。ページを再読み込みしてからもう一度お試しください。',
      denied:
        'このサイトの通知がブラウザーでブロックされています。アドレスバーの鍵のマークやブラウザーの設定で「通知」を許可してから、もう一度お試しください。',
      typesLegend: 'プッシュで受け取る通知',
      quietSwitch: 'おやすみ時間（この時間のプッシュは終わってからまとめて届きます）',
      quietStart: '開始',
      quietEnd: '終了',
      saved: 'プッシュ通知の設定を保存しました。',
      saveFailed: 'プッシュ通知の設定を保存できませんでした。',
    },
  },
  timeline: {
    all: 'すべての投稿',
    follow: 'フォロー中',
    tabsLabel: 'タイムラインの切り替え',
    kindsLabel: '投稿の種類で絞り込む',
    allKinds: 'すべて',
    newPosts: '新しい投稿があります',
    emptyAll: 'まだ投稿はありません。',
    emptyFollow:
      'フォロー中のメンバーの投稿はまだありません。メンバーをフォローすると、ここに新しい投稿が並びます。',
    emptyKinds: 'この種類の投稿はまだありません。',
  },
} as const;
