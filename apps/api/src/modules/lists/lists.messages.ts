import { LIST_ITEMS_MAX, LISTS_PER_MEMBER_MAX } from '@ekispot/shared';

/** Every Japanese text the lists module sends (docs/lists.md). */
export const LIST_MESSAGES = {
  notFound: 'リストが見つかりませんでした。',
  itemNotFound: 'リストの項目が見つかりませんでした。',
  notYours: '自分のリスト以外は編集できません。',
  tooManyLists: `リストは1人${LISTS_PER_MEMBER_MAX}件まで作成できます。不要なリストを削除してください。`,
  tooManyItems: `1つのリストに追加できるのは${LIST_ITEMS_MAX}件までです。`,
  alreadyInList: 'すでにこのリストに追加されています。',
  stationNotFound: '駅が見つかりませんでした。',
  postNotFound: '投稿が見つかりませんでした。',
  orderDuplicate: '同じ項目が2回以上指定されています。',
  orderUnknown: 'このリストにない項目が含まれています。画面を読み込み直してください。',
  orderMissing: 'リストのすべての項目を指定してください。画面を読み込み直してください。',
  created: 'リストを作成しました。',
  updated: 'リストを更新しました。',
  deleted: 'リストを削除しました。',
  itemAdded: 'リストに追加しました。',
  itemUpdated: 'メモを保存しました。',
  itemRemoved: 'リストから外しました。',
  reordered: '並び順を保存しました。',
} as const;
