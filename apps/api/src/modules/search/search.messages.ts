/** The Japanese texts of post search, tags and word mutes (docs/search.md). */
export const SEARCH_MESSAGES = {
  noTerms: '検索できる言葉（文字か数字）を入力してください。',
  datesReversed: '終わりの日付は始まりの日付以降にしてください。',
  tagFollowed: 'タグをフォローしました。',
  tagUnfollowed: 'タグのフォローを解除しました。',
  wordMuted: 'ミュートしました。',
  wordMuteRemoved: 'ミュートを解除しました。',
  wordMuteNotFound: 'ミュートが見つかりません。',
  wordMuteExists: 'この言葉はすでにミュートしています。',
  wordMutesFull: 'ミュートできる言葉は200件までです。使っていないものを解除してください。',
  wordMuteEmpty: 'ミュートできる言葉（文字か数字）を入力してください。',
} as const;
