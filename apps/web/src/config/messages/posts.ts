import {
  COMMENT_BODY_MAX,
  photoOf,
  POST_KIND_LABELS,
  UNEXPECTED_ERROR_MESSAGE,
} from '@ekispot/shared';
import type { PostKind } from '@ekispot/shared';
import { formatCount } from '../../lib/format-count';

/** Texts of the post page, comments and reactions. */
export const postsMessages = {
  eventStatus: {
    upcoming: '開催予定',
    ongoing: '開催中',
    ended: '終了',
  },
  /** The post create and edit pages. */
  posts: {
    kindLabel: (kind: PostKind) => POST_KIND_LABELS[kind],
    loading: '投稿を読み込み中…',
    postedAt: (date: string) => `${date}に投稿`,
    /** A post brought in from an archive (docs/archive.md#importing). */
    imported: '（取り込み）',
    edited: '（編集済み）',
    station: '駅',
    stationName: (name: string) => `${name}駅`,
    eventPeriod: '開催日時',
    map: (title: string) => `「${title}」の場所の地図`,
    gallery: {
      heading: '写真',
      thumbAlt: (title: string, index: number, total: number) =>
        `${photoOf(title)}（${index}枚目／全${total}枚）`,
      open: (index: number, total: number) => `写真を拡大表示（${index}枚目／全${total}枚）`,
      viewerTitle: (title: string) => photoOf(title),
      position: (index: number, total: number) => `${index} / ${total}`,
      previous: '前の写真',
      next: '次の写真',
      close: '閉じる',
      keyboardHint: '左右の矢印キーで写真を切り替え、Escキーで閉じます。',
    },
    reactions: {
      like: 'いいね',
      group: 'この投稿への反応',
      count: (label: string, count: number) => `${label} ${formatCount(count)}`,
      failed: '反応を送れませんでした。時間をおいてもう一度お試しください。',
    },
    owner: {
      edit: '編集',
      delete: '削除',
      deleteTitle: 'この投稿を削除しますか？',
      deleteBody: '削除した投稿は元に戻せません。写真とコメントも削除されます。',
      deleting: '削除しています…',
      deleted: '投稿を削除しました。',
      deleteFailed: '投稿を削除できませんでした。',
    },
    menu: 'この投稿のその他の操作',
    children: {
      heading: (count: number) => `この投稿の写真・イベント（${formatCount(count)}件）`,
      empty: 'まだ写真やイベントはありません。',
      addImage: '写真を追加',
      addEvent: 'イベントを追加',
    },
    comments: {
      heading: (count: number) => `コメント（${formatCount(count)}件）`,
      empty: 'まだコメントはありません。',
      more: 'もっと見る',
      loadingMore: '読み込み中…',
      loadFailed: 'コメントを読み込めませんでした。',
      retry: '再読み込み',
      fieldLabel: 'コメント',
      placeholder: 'コメントを書く',
      charCount: (count: number) => `${count} / ${COMMENT_BODY_MAX}文字`,
      submit: 'コメントする',
      submitting: '送信しています…',
      loginPrompt: 'コメントするにはログインしてください。',
      login: 'ログイン',
      edit: '編集',
      editLabel: 'コメントを編集',
      save: '保存',
      saving: '保存しています…',
      cancel: 'キャンセル',
      delete: '削除',
      deleteTitle: 'このコメントを削除しますか？',
      deleteBody: '削除したコメントは元に戻せません。',
      deleting: '削除しています…',
      deleteFailed: 'コメントを削除できませんでした。',
      actions: (name: string) => `${name}さんのコメントの操作`,
      menu: (name: string) => `${name}さんのコメントのその他の操作`,
      permalink: 'このコメントへのリンク',
    },
    commentDetail: {
      heading: 'コメント',
      onPost: 'この投稿へのコメント',
      allComments: 'すべてのコメントを見る',
      toPost: '投稿を見る',
    },
    cancel: 'キャンセル',
    /** A failure outside the API's envelope (docs/product-rules.md#errors). */
    unexpected: UNEXPECTED_ERROR_MESSAGE,
  },
  /** The station page's posts and the map's post markers. */
} as const;
