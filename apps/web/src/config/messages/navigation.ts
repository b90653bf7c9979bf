/** Texts of the navigation: header, bottom bar, post menu, error pages, loading, session notices. */
export const navigationMessages = {
  nav: {
    main: 'メインメニュー',
    bottom: 'メニュー',
    map: '地図',
    timeline: 'タイムライン',
    ranking: 'ランキング',
    gacha: '駅ガチャ',
    /** The member directory (/users), titled ユーザー一覧. */
    users: 'ユーザー',
    search: '駅を探す',
    searchHint: '駅名で探す…',
    /** The back link at the top of detail pages (components/back-link.tsx). */
    back: '戻る',
    notifications: '通知',
    notificationsUnread: (count: number) => `通知 ${count}件の未読`,
    post: '投稿する',
    postShort: '投稿',
    postMenu: '投稿の種類',
    postSpot: 'スポット',
    postSpotHint: '地図で場所を選んで投稿',
    postEvent: 'イベント',
    postEventHint: '駅で開かれるイベントを投稿',
    postImage: '駅の写真',
    postImageHint: '駅の写真を投稿',
    /** On a station's page the menu starts there (docs/navigation.md#destinations). */
    postSpotHintAt: (station: string) => `${station}駅の近くの場所を地図で選んで投稿`,
    postEventHintAt: (station: string) => `${station}駅で開かれるイベントを投稿`,
    postImageHintAt: (station: string) => `${station}駅の写真を投稿`,
    myPage: 'マイページ',
    lists: 'リスト',
  },
  stationPicker: {
    searchTitle: '駅を探す',
    searchIntro: '駅名を入力して、駅のページを開きます。',
    eventTitle: 'イベントの駅を選ぶ',
    eventIntro: 'イベントが開かれる駅を選んでください。',
    eventWithoutStation: '駅を選ばずに場所を指定する',
    imageTitle: '写真の駅を選ぶ',
    imageIntro: '写真を投稿する駅を選んでください。',
    cancel: 'キャンセル',
  },
  errorPage: {
    notFoundTitle: 'ページが見つかりません',
    serverTitle: 'エラーが発生しました',
    notFoundExplanation:
      'お探しのページは見つかりませんでした。削除されたか、URLが間違っている可能性があります。',
    serverExplanation: 'ページを表示できませんでした。時間をおいてもう一度お試しください。',
    home: 'トップへ',
    back: '前のページへ',
  },
  session: {
    expired: 'ログインの有効期限が切れました。もう一度ログインしてください。',
  },
} as const;
