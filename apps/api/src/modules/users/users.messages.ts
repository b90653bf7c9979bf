/** What the people endpoints say to users (Japanese, shown as is). */
export const USER_MESSAGES = {
  notFound: 'ユーザーが見つかりませんでした。退会したか、URLが間違っている可能性があります。',
  cannotFollowSelf: '自分自身をフォローすることはできません。',
  cannotBlockSelf: '自分自身をブロックすることはできません。',
  cannotMuteSelf: '自分自身をミュートすることはできません。',
  youBlockedThem: 'ブロック中のユーザーはフォローできません。先にブロックを解除してください。',
  /** Said to a member the other one blocked; it does not tell more than needed. */
  blockedByThem: 'このユーザーとはやり取りできません。',
} as const;
