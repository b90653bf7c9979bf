import { POST_IMAGES_MAX } from '@ekispot/shared';

/**
 * Japanese texts of the posts, comments and reactions API (docs/conventions.md#api-modules: one
 * place for user text).
 */
export const POST_MESSAGES = {
  created: '投稿しました。',
  updated: '投稿を更新しました。',
  deleted: '投稿を削除しました。',
  notFound: '投稿が見つかりませんでした。',
  stationNotFound: '指定された駅は見つかりませんでした。',
  notYoursToEdit: 'この投稿を編集する権限がありません。',
  notYoursToDelete: 'この投稿を削除する権限がありません。',
  referenceGone: '関連する投稿または駅が削除されました。内容を確認してもう一度お試しください。',
  conflict: '投稿が同時に更新されました。ページを再読み込みしてからもう一度お試しください。',

  spotTitleRequired: 'スポット名を入力してください。',
  eventTitleRequired: 'イベント名を入力してください。',
  spotLocationRequired: '地図でスポットの場所を選んでください。',
  outsideJapan: '日本国内の場所を選んでください。',
  latLngPair: '緯度と経度は両方指定してください。',
  spotNoParent: 'スポットは他の投稿に紐付けられません。',
  datesOnlyForEvents: '日時はイベントにのみ指定できます。',
  startsAtRequired: '開始日時を入力してください。',
  endsAtRequired: '終了日時を入力してください。',
  endsBeforeStart: '終了日時は開始日時より後にしてください。',
  eventLocationRequired: '開催場所として、駅・地図上の地点・スポットのいずれかを指定してください。',
  eventParentMustBeSpot: 'イベントはスポットにのみ紐付けられます。',
  imageTargetRequired: '写真を投稿する駅、またはスポット・イベントを指定してください。',
  imageParentKind: '写真はスポットまたはイベントにのみ紐付けられます。',
  imageRequired: '写真を1枚以上選んでください。',
  parentNotFound: '指定された投稿が見つかりませんでした。',
  stationGroupNotFound: '指定された駅が見つかりませんでした。',

  tooManyImages: `写真は${POST_IMAGES_MAX}枚まで登録できます。`,
  imageFieldName: '写真は images[0]、images[1]… の形式で送信してください。',
  imageIdInvalid: '写真の指定が正しくありません。',
  imageNotOfPost: 'この投稿の写真ではありません。',
  imageDuplicated: '同じ写真が2回指定されています。',
  imagesClearedWithImages: '写真をすべて削除する場合は、写真を指定しないでください。',

  commentCreated: 'コメントしました。',
  commentUpdated: 'コメントを更新しました。',
  commentDeleted: 'コメントを削除しました。',
  commentNotFound: 'コメントが見つかりませんでした。',
  commentNotYoursToEdit: 'このコメントを編集する権限がありません。',
  commentNotYoursToDelete: 'このコメントを削除する権限がありません。',

  liked: 'いいねしました。',
  unliked: 'いいねを取り消しました。',
  wanted: '登録しました。',
  unwanted: '登録を取り消しました。',
  wantNotForImages: '写真の投稿には「行きたい」「参加したい」を登録できません。',
  tooManyReactions:
    'いいねや「行きたい」の操作が短い時間に続いています。少し待ってからもう一度お試しください。',
} as const;
