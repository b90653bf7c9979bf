/** The Japanese texts of the newcomer limits (docs/moderation.md#new-accounts). */
export const NEWCOMER_MESSAGES = {
  posts: (max: number) =>
    `登録から24時間は、1時間に投稿できるのは${max}件までです。しばらく待ってからもう一度お試しください。`,
  comments: (max: number) =>
    `登録から24時間は、1時間にコメントできるのは${max}件までです。しばらく待ってからもう一度お試しください。`,
  links: (max: number) =>
    `登録から24時間は、1時間にリンク（URL）を含めて送れるのは${max}件までです。リンクを外すか、しばらく待ってからお試しください。`,
  profileLinks: '登録から24時間は、自己紹介にリンク（URL）を書くことはできません。',
  sameBody:
    '同じ本文の投稿を別の駅に続けて送ることはできません。駅ごとに内容を書き分けてください。',
} as const;
