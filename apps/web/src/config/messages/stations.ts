/** Texts of the map, station pages and 駅ガチャ. */
export const stationsMessages = {
  map: {
    label: '駅の地図',
    loadingStations: '駅を読み込み中です',
    stationCount: (count: number) => `${count.toLocaleString('ja-JP')}駅を表示しています`,
    stationsFailed: '駅の情報を読み込めませんでした。',
    searchLabel: '駅を検索',
    searchPlaceholder: '駅名を入力（例：東京）',
    searchNoOptions: '該当する駅がありません',
    searchTyping: '駅名を入力してください',
    searchLoading: '検索中…',
    locate: '現在地を表示',
    locating: '現在地を取得中…',
    geolocationUnsupported: 'お使いのブラウザは位置情報に対応していません。',
    geolocationDenied: '位置情報の利用が許可されていません。ブラウザの設定をご確認ください。',
    geolocationUnavailable: '現在地を取得できませんでした。',
    geolocationTimeout: '現在地の取得がタイムアウトしました。もう一度お試しください。',
    popupLines: '路線',
    popupLoading: '路線を読み込み中…',
    popupDetail: '駅の詳細を見る',
    popupClose: '閉じる',
    attributionNaturalEarth: 'Natural Earth',
    attributionStations: '駅データ.jp',
  },
  station: {
    closed: '廃駅',
    /** `2020-04-01` → 2020年4月1日に廃止; the data does not always know the date. */
    closedOn: (date: string | null) => {
      const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
      return match
        ? `${match[1]}年${Number(match[2])}月${Number(match[3])}日に廃止`
        : '現在は営業していません';
    },
    prefecture: '都道府県',
    address: '住所',
    lines: '路線',
    members: '乗り入れ路線の駅',
    nearby: '近くの駅',
    nearbyEmpty: '近くに駅はありません。',
    counts: { posts: '投稿', wantToVisit: '行きたい', stamps: 'スタンプ' },
    miniMap: (name: string) => `${name}駅周辺の地図`,
    loadFailed: '駅の情報を読み込めませんでした。',
    distanceAbout: (text: string) => `約${text}`,
    titleSuffix: '駅',
  },
  gacha: {
    intro: '行き先に迷ったら、駅ガチャで次に行く駅を決めてみましょう。',
    prefecture: '都道府県',
    line: '路線',
    any: '指定しない',
    spin: 'ガチャを回す',
    again: 'もう一度',
    go: 'この駅へ行く',
    spinning: 'ガチャを回しています…',
    notFound: '条件に合う駅が見つかりませんでした。条件を変えてもう一度お試しください。',
    resultHeading: 'あなたの駅はこちら',
    lines: '路線',
  },
  stationPosts: {
    posts: {
      heading: 'この駅の投稿',
      tabsLabel: '投稿の種類',
      all: 'すべて',
      empty: 'まだ投稿はありません。',
      emptyKind: (kind: string) => `まだ${kind}の投稿はありません。`,
      postImage: 'この駅の写真を投稿',
      postEvent: 'イベントを投稿',
    },
    want: {
      label: '行きたい',
      count: (count: number) => `行きたい ${count.toLocaleString('ja-JP')}`,
      failed: '「行きたい」を更新できませんでした。時間をおいてもう一度お試しください。',
    },
    markers: {
      filterLabel: '地図に表示する種類',
      station: '駅',
      spot: 'スポット',
      event: 'イベント',
      failed: 'スポット・イベントを読み込めませんでした。',
      truncated: '表示しきれない投稿があります。地図を拡大してください。',
      loading: 'スポット・イベントを読み込み中です',
      count: (count: number) =>
        `スポット・イベント${count.toLocaleString('ja-JP')}件を表示しています`,
      open: '投稿を見る',
    },
  },
} as const;
