import { UNEXPECTED_ERROR_MESSAGE } from '@ekispot/shared';

/** Texts of the frame around every page: header, footer, errors, forms, flashes and lists of posts. */
export const commonMessages = {
  header: {
    home: 'えきスポ トップへ',
    login: 'ログイン',
    account: 'アカウント',
    skipToContent: '本文へ移動',
  },
  footer: {
    privacy: 'プライバシーポリシー',
    service: '利用規約',
    takedown: '削除の申し出',
    credit: '駅データ提供：',
    creditName: '駅データ.jp',
    footerNav: 'フッターメニュー',
  },
  loading: '読み込み中…',
  /** Offline (components/offline.tsx, docs/navigation.md#offline). */
  offline: {
    banner: 'オフラインです。接続が戻ると最新の内容を表示します。',
    title: 'オフラインです',
    body: 'このページはまだ読み込まれていません。接続が戻ると自動で読み込みます。',
    retry: '再試行',
    queued: 'オフラインです。接続が戻ったら送信します。',
  },
  buildUpdate: {
    available: '新しいバージョンがあります',
    reload: '更新する',
  },
  legal: {
    lastUpdated: '制定日：2026年11月22日',
  },
  form: {
    required: '必須',
    charCount: (count: number, max: number) => `${count} / ${max}文字`,
    /** A failure outside the API's envelope (docs/product-rules.md#errors). */
    unexpected: UNEXPECTED_ERROR_MESSAGE,
  },
  flash: {
    close: '閉じる',
  },
  /** 「共有」: the system share sheet, or copy, LINE and X (components/share/share-button.tsx). */
  share: {
    copy: 'リンクをコピー',
    share: '共有',
    stampBook: 'スタンプ帳を共有',
    line: 'LINEで送る',
    x: 'Xでポスト',
    copied: 'リンクをコピーしました',
    copyFailed: 'リンクをコピーできませんでした。',
    /** What a share says besides the address; every one ends with the site's tag. */
    texts: {
      station: (name: string) => `${name}駅 #えきスポ`,
      post: (title: string) => `${title} #えきスポ`,
      list: (title: string, owner: string) => `${owner}さんのリスト「${title}」 #えきスポ`,
      profile: (name: string) => `${name}さんのプロフィール #えきスポ`,
      stampBook: (stamped: number) => `駅スタンプを${stamped}駅集めました #えきスポ`,
      stamped: (name: string) => `${name}駅のスタンプを押しました #えきスポ`,
    },
  },
  confirm: {
    cancel: 'キャンセル',
  },
  postList: {
    loading: '投稿を読み込み中…',
    loadFailed: '投稿を読み込めませんでした。',
    retry: '再読み込み',
    more: 'もっと見る',
    loadingMore: '読み込み中…',
  },
} as const;
