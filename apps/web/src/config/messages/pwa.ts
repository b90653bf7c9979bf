/**
 * The offline queue and the service worker's texts (docs/pwa.md#queued-actions,
 * docs/pwa.md#offline). `offlinePageMessages` is also read by the build, which writes the
 * offline page (apps/web/service-worker-plugin.ts).
 */
export const offlinePageMessages = {
  title: 'オフラインです',
  body: 'このページはまだ保存されていません。接続が戻ったら、もう一度お試しください。',
  retry: '再試行',
  home: 'トップページへ',
} as const;

export const pwaMessages = {
  actionQueue: {
    /** The mark on a like/want button or a comment waiting for the network. */
    pending: '送信待ち',
    pendingComments: '送信待ちのコメント',
    /** A queued action the server refused: its own message, or this. */
    refusedFallback: '時間をおいてもう一度お試しください。',
    refused: (message: string) => `オフライン中の操作を送信できませんでした：${message}`,
    close: '閉じる',
    stampQueued: 'オフラインです。接続が戻ったらスタンプを送信します。',
  },
} as const;
