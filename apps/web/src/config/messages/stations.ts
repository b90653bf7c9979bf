import { formatCount } from '../../lib/format-count';
/** Texts of the map, station pages and 駅ガチャ. */
export const stationsMessages = {
  map: {
    label: '駅の地図',
    /** Shown over the map from the first paint until its station clusters are drawn. */
    starting: '地図を読み込んでいます…',
    /** The server's image of the first view, under the loading pill (country-map-image.tsx). */
    firstView: '日本全国の地図。駅の数を地域ごとにまとめた円で示しています',
    /**
     * The top page with Save-Data: the map's code and data wait for the visitor
     * (map-start.tsx, docs/pwa.md#save-data-on-the-top-page).
     */
    waitsForVisitor:
      'データセーバーがオンのため、地図はまだ読み込んでいません。駅は上の検索からも探せます。',
    /** The map could not start (no WebGL in this browser or device). */
    unavailable: 'この端末では地図を表示できません。駅は上の検索から探せます。',
    stationCount: (count: number) => `${formatCount(count)}駅を表示しています`,
    stationsFailed: '駅の情報を読み込めませんでした。',
    searchLabel: '駅を検索',
    searchPlaceholder: '駅名・よみ・路線名（例：しんじゅく、山手線）',
    searchNoOptions: '該当する駅がありません',
    searchTyping: '駅名を入力してください',
    searchLoading: '検索中…',
    searchMoreLines: (count: number) => `ほか ${count} 路線`,
    searchGroupStations: '駅',
    searchGroupLines: '路線（選ぶと駅の一覧）',
    searchLineStations: (count: number) => `${count}駅`,
    searchClosed: '廃駅',
    searchClosedLine: '廃止',
    lineDialogClose: '閉じる',
    lineDialogLoading: '駅の一覧を読み込み中…',
    lineDialogFailed: '駅の一覧を読み込めませんでした。',
    locate: '現在地を表示',
    locating: '現在地を取得中…',
    geolocationUnsupported: 'お使いのブラウザは位置情報に対応していません。',
    geolocationDenied: '位置情報の利用が許可されていません。ブラウザの設定をご確認ください。',
    geolocationUnavailable: '現在地を取得できませんでした。',
    geolocationTimeout: '現在地の取得がタイムアウトしました。もう一度お試しください。',
    popupLines: '路線',
    popupLoading: '路線を読み込み中…',
    popupNameLoading: '駅名を読み込み中…',
    popupDetail: '駅の詳細を見る',
    popupClose: '閉じる',
    legendLabel: '地図の記号',
    legendHeading: '凡例',
    settings: '表示の設定',
    legend: { station: '駅', spot: 'スポット', event: 'イベント', upcoming: '開催予定のイベント' },
    showEndedEvents: '終了したイベントも表示',
    zoomIn: '拡大',
    zoomOut: '縮小',
    resetBearing: '北を上にする',
    toggleAttribution: '出典の表示を切り替え',
    fullscreenEnter: '全画面表示',
    fullscreenExit: '全画面表示を終了',
    /** The map itself and a marker on it, as screen readers name them (MapLibre's labels). */
    mapTitle: '地図',
    markerTitle: '地図上の位置',
    popupCloseLabel: '閉じる',
    locationNotAvailable: '現在地を取得できません',
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
    openedOn: '開業日',
    lines: '路線',
    /** The walk is worked out from the straight line between the stations, so it says so. */
    transfers: '乗り換え（徒歩は直線距離からの目安）',
    transferWalk: (minutes: number) => `徒歩${minutes}分`,
    moreLines: (count: number) => `ほか${count}路線を表示`,
    transferLabel: (name: string, distance: string, minutes: number) =>
      `${name}（直線約${distance}・徒歩約${minutes}分）`,
    members: '乗り入れ路線の駅',
    nearby: '近くの駅',
    nearbyEmpty: '近くに駅はありません。',
    counts: { posts: '投稿', wantToVisit: '行きたい', stamps: 'スタンプ' },
    miniMap: (name: string) => `${name}駅周辺の地図`,
    /** The button over a map image that starts the interactive map (docs/map.md#map-images). */
    openMap: '地図を操作する',
    loadFailed: '駅の情報を読み込めませんでした。',
    distanceAbout: (text: string) => `約${text}`,
    titleSuffix: '駅',
  },
  line: {
    stations: '駅一覧',
    summary: (open: number) => `${formatCount(open)}駅`,
    map: (name: string) => `${name}の駅の地図`,
    closed: '廃駅',
    closedLine: 'この路線は廃止されています',
    openPage: '路線のページを見る',
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
      count: (count: number) => `行きたい ${formatCount(count)}`,
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
      count: (count: number) => `スポット・イベント${formatCount(count)}件を表示しています`,
      open: '投稿を見る',
    },
  },
} as const;
