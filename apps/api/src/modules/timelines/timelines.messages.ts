/** What the timeline endpoints say (Japanese, shown as is). */
export const TIMELINE_MESSAGES = {
  busy: 'ただいま混み合っています。新しい投稿のお知らせは、しばらくしてから届きます。',
} as const;
