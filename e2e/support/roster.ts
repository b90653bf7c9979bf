import path from 'node:path';

/**
 * The members the journeys act as. global-setup.ts writes them, confirmed, into the seeded
 * data folder before the server starts, signs each in once and saves the session cookies, so
 * a journey starts signed in without registering, waiting for mail or filling the login form
 * (the account journey goes through those screens). Each member belongs to one journey file,
 * so journeys running side by side never share a session.
 */
export const MEMBERS = {
  ssrAuthor: { name: '駅舎の記録係', email: 'ssr-a@example.jp', password: 'password for ssr 1' },
  ssrMember: { name: '丸の内の常連', email: 'ssr-b@example.jp', password: 'password for ssr 2' },
  a11yInspector: { name: '点検係', email: 'a11y@example.jp', password: 'a11y password 1' },
  a11yOther: { name: '別の会員', email: 'a11y-other@example.jp', password: 'a11y password 2' },
  listsOwner: {
    name: '駅めぐりの千尋',
    email: 'lists@example.jp',
    password: 'password for lists 1',
  },
  navMapPoster: { name: '地図の投稿者', email: 'nav-map@example.jp', password: 'nav pass 1' },
  navAuthor: { name: '広場の主', email: 'nav-author@example.jp', password: 'nav pass 2' },
  navFan: { name: 'いいね係', email: 'nav-fan@example.jp', password: 'nav pass 3' },
  navExpired: { name: '期限切れ', email: 'nav-expired@example.jp', password: 'nav pass 4' },
  notifyA: { name: '通知の葵', email: 'notify-a@example.jp', password: 'password for a 1' },
  notifyB: { name: '通知の文太', email: 'notify-b@example.jp', password: 'password for b 2' },
  peopleA: { name: '駅舎スケッチの葵', email: 'people-a@example.jp', password: 'password for a 1' },
  peopleB: { name: '乗り鉄の文太', email: 'people-b@example.jp', password: 'password for b 2' },
  postsA: { name: '駅前散歩のA子', email: 'posts-a@example.jp', password: 'password for a 1' },
  postsB: { name: 'ホーム端のB太', email: 'posts-b@example.jp', password: 'password for b 2' },
  stamper: {
    name: 'スタンプ旅の真央',
    email: 'stamps@example.jp',
    password: 'password for stamps 1',
  },
  farTraveller: {
    name: '遠くの旅人',
    email: 'stamps-far@example.jp',
    password: 'password for stamps 2',
  },
  layoutAuthor: {
    name: '丸の内駅舎の南北ドーム天井を撮る会',
    email: 'layout-a@example.jp',
    password: 'password for layout 1',
  },
  // The longest name allowed (30 characters), with nowhere to break.
  layoutGuest: {
    name: 'Shinkansen_Platform_Photograph',
    email: 'layout-b@example.jp',
    password: 'password for layout 2',
  },
  rider: { name: '乗りつぶしの遥', email: 'rides@example.jp', password: 'password for rides 1' },
  archiver: {
    name: '記録好きの湊',
    email: 'archive@example.jp',
    password: 'password for archive 1',
  },
  offlineMember: {
    name: '地下鉄の乗客',
    email: 'offline@example.jp',
    password: 'password for offline 1',
  },
  pwaMember: {
    name: '圏外の旅人',
    email: 'pwa@example.jp',
    password: 'password for pwa 1',
  },
  // One browser, two members in turn (pwa-offline.test.ts): what the first leaves behind.
  pwaLeaving: {
    name: '途中下車の旅人',
    email: 'pwa-leaving@example.jp',
    password: 'password for pwa 2',
  },
  pwaNext: {
    name: '次に乗る旅人',
    email: 'pwa-next@example.jp',
    password: 'password for pwa 3',
  },
  reportAuthor: {
    name: '宣伝ばかりの投稿者',
    email: 'reports-a@example.jp',
    password: 'password for reports 1',
  },
  reporter: {
    name: '見守りの遥',
    email: 'reports-b@example.jp',
    password: 'password for reports 2',
  },
  moderatedAuthor: {
    name: '規約違反の投稿者',
    email: 'moderation-a@example.jp',
    password: 'password for moderation 1',
  },
  moderationReporter: {
    name: '通報した乗客',
    email: 'moderation-b@example.jp',
    password: 'password for moderation 2',
  },
  moderator: {
    name: '運営の見張り番',
    email: 'moderation-mod@example.jp',
    password: 'password for moderation 3',
    moderator: true,
  },
  searchAuthor: {
    name: '駅弁探しの葵',
    email: 'search-a@example.jp',
    password: 'password for search 1',
  },
  searchReader: {
    name: '検索好きの文太',
    email: 'search-b@example.jp',
    password: 'password for search 2',
  },
  timelineAuthor: {
    name: '新着の葵',
    email: 'timeline-a@example.jp',
    password: 'password for a 1',
  },
  // The Japanese-text walk (japanese-text.test.ts) reads the moderators' pages too.
  textReader: {
    name: '文字の点検係',
    email: 'text-reader@example.jp',
    password: 'password for text 1',
    moderator: true,
  },
} as const satisfies Record<string, Member>;

export interface Member {
  name: string;
  email: string;
  password: string;
  /** Seeded with the moderator role (docs/moderation.md#moderators). */
  moderator?: true;
}

export type MemberKey = keyof typeof MEMBERS;

/** Where global-setup.ts saves each member's signed-in cookies (`<key>.json`). */
export function memberStatePath(stateDir: string, key: MemberKey): string {
  return path.join(stateDir, `${key}.json`);
}
