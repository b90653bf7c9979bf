/**
 * Texts of the installed app: the web app manifest, written at build time by
 * apps/web/web-manifest-plugin.ts (apart from `messages`, so that the app's bundle leaves them
 * out), and the 「ホーム画面に追加」 hint (docs/pwa.md). Plain data with no imports, so that the
 * build can read it.
 */
export const webManifestMessages = {
  /** Shown by the browser when it offers to install, and in the system's app settings. */
  name: 'えきスポ - 駅と周辺スポットの地図',
  /** Under the icon on the home screen: short enough not to be cut. */
  shortName: 'えきスポ',
  description:
    'えきスポは、日本全国の駅と周辺のスポットを地図で探して、写真やイベントを共有できるサービスです。',
  shortcuts: {
    map: { name: '地図', description: '全国の駅とスポットを地図で見る' },
    post: { name: '投稿', description: 'スポットを地図で選んで投稿する' },
    notifications: { name: '通知', description: 'いいね・コメント・フォローのお知らせを見る' },
    stamps: { name: 'スタンプ帳', description: '集めた駅スタンプを見る' },
  },
  screenshots: {
    narrow: '全国の駅とスポットを地図で探す（スマートフォン）',
    wide: '全国の駅とスポットを地図で探す（パソコン）',
  },
} as const;

export const installMessages = {
  installHint: {
    /** The hint's title, which also names its region for screen readers. */
    title: 'えきスポをホーム画面に追加',
    promptBody: 'アプリのようにすぐ開けます。',
    install: '追加する',
    /** iOS has no install prompt: where to find it, around the share icon. */
    iosShare: '共有ボタン',
    iosSteps: 'をタップして、「ホーム画面に追加」を選んでください。',
    dismiss: 'ホーム画面への追加の案内を閉じる',
  },
} as const;
