import type { PostKind, RankingBoard, RankingPeriod, TimelineScope } from '@ekispot/shared';
import { SESSION_KEY_ROOT } from './query-client';

/**
 * The query keys of everything a write can change (docs/conventions.md#web-client). Queries are
 * read with these, and the write map (`lib/write-map.ts`) invalidates with these, so
 * the keys live here, where that map can reach them: features never import each other. Each
 * feature's `api/query-keys.ts` re-exports its own factory for its readers. No other place
 * spells one of these keys. The map's layers are keyed by `lib/map/map-keys.ts`.
 */

/** What a post list is filtered by (GET /posts). */
export interface PostListFilter {
  kind?: PostKind;
  stationGroupId?: number;
  parentPostId?: string;
  userId?: string;
}

/** The signed-in member's session and the mail links' answers. */
export const authKeys = {
  all: [SESSION_KEY_ROOT] as const,
  me: () => [...authKeys.all, 'me'] as const,
  verificationAccount: (token: string) =>
    [...authKeys.all, 'verify-email', token, 'account'] as const,
  verifyNewEmail: (token: string) => [...authKeys.all, 'verify-new-email', token] as const,
  /** The member's signed-in devices and what guards the account (settings). */
  sessions: () => [...authKeys.all, 'sessions'] as const,
  security: () => [...authKeys.all, 'security'] as const,
};

/** Posts, their comments, and the post lists of GET /posts. */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (filter: PostListFilter) => [...postKeys.lists(), filter] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (postId: string) => [...postKeys.details(), postId] as const,
  allComments: () => [...postKeys.all, 'comments'] as const,
  comments: (postId: string) => [...postKeys.allComments(), postId] as const,
  comment: (postId: string, commentId: string) =>
    [...postKeys.all, 'comment', postId, commentId] as const,
};

/** Stations, their posts and markers, prefectures and lines. */
export const stationKeys = {
  all: ['stations'] as const,
  details: () => [...stationKeys.all, 'detail'] as const,
  detail: (stationGroupId: number) => [...stationKeys.details(), stationGroupId] as const,
  want: (stationGroupId: number) => [...stationKeys.all, 'want', stationGroupId] as const,
  nearby: (lat: number, lng: number) => [...stationKeys.all, 'nearby', lat, lng] as const,
  search: (q: string) => [...stationKeys.all, 'search', q] as const,
  markers: () => [...stationKeys.all, 'markers'] as const,
  markerNames: () => [...stationKeys.markers(), 'names'] as const,
  postLists: () => [...stationKeys.all, 'posts'] as const,
  /** Every kind filter of one station's post list. */
  postsOf: (stationGroupId: number) => [...stationKeys.postLists(), stationGroupId] as const,
  posts: (stationGroupId: number, kind: PostKind | null) =>
    [...stationKeys.postsOf(stationGroupId), kind ?? 'all'] as const,
  prefectures: () => [...stationKeys.all, 'prefectures'] as const,
  lines: (prefecture: number | null) => [...stationKeys.all, 'lines', prefecture] as const,
  line: (lineId: number) => [...stationKeys.all, 'line', lineId] as const,
};

/** What the 「リストに追加」 menu adds: a station group or a post. */
export type ListTarget = { stationGroupId: number } | { postId: string };

/** Lists, their items, the add-to-list menu and the list timelines. */
export const listKeys = {
  all: ['lists'] as const,
  details: () => [...listKeys.all, 'detail'] as const,
  detail: (listId: string) => [...listKeys.details(), listId] as const,
  allItems: () => [...listKeys.all, 'items'] as const,
  items: (listId: string) => [...listKeys.allItems(), listId] as const,
  containing: () => [...listKeys.all, 'containing'] as const,
  containingTarget: (target: ListTarget) => [...listKeys.containing(), target] as const,
  timelines: () => [...listKeys.all, 'timeline'] as const,
  timeline: (scope: 'all' | 'follow') => [...listKeys.timelines(), scope] as const,
};

/** The tabs of a member's profile (GET /users/{userId}/{tab}). */
export type ProfileTab =
  | 'posts'
  | 'liked'
  | 'want-to-participate-events'
  | 'want-to-visit-spots'
  | 'want-to-visit-stations'
  | 'lists';

/** Profiles (with their counts), their tabs and lists of members. */
export const peopleKeys = {
  all: ['people'] as const,
  profiles: () => [...peopleKeys.all, 'profile'] as const,
  profile: (userId: string) => [...peopleKeys.profiles(), userId] as const,
  tabs: () => [...peopleKeys.all, 'tab'] as const,
  tab: (userId: string, tab: ProfileTab) => [...peopleKeys.tabs(), userId, tab] as const,
  /** Lists of members: the directory (by query), followers, following, blocks, mutes. */
  userLists: () => [...peopleKeys.all, 'users'] as const,
  directory: (q: string) => [...peopleKeys.userLists(), 'directory', q] as const,
  follows: (userId: string, side: 'followers' | 'following') =>
    [...peopleKeys.userLists(), side, userId] as const,
  own: (kind: 'blocks' | 'mutes') => [...peopleKeys.userLists(), 'me', kind] as const,
};

/**
 * The post timelines' pages, and apart from them the newest post's id each one asks for (the
 * 「新しい投稿」 pill, docs/timelines.md#new-posts), so either can be refreshed alone.
 */
export const timelineKeys = {
  all: ['timeline'] as const,
  postLists: () => [...timelineKeys.all, 'posts'] as const,
  scope: (scope: TimelineScope) => [...timelineKeys.postLists(), scope] as const,
  posts: (scope: TimelineScope, kinds: readonly PostKind[]) =>
    [...timelineKeys.scope(scope), [...kinds].sort().join(',')] as const,
  newestAll: () => [...timelineKeys.all, 'newest'] as const,
  newest: (scope: TimelineScope, kinds: readonly PostKind[]) =>
    [...timelineKeys.newestAll(), scope, [...kinds].sort().join(',')] as const,
};

/** The 影響度数 and 投稿数 rankings. */
export const rankingKeys = {
  all: ['rankings'] as const,
  board: (board: RankingBoard, period: RankingPeriod) =>
    [...rankingKeys.all, board, period] as const,
};

/** Station stamps: a station's stamp state, the stamp books and their summaries. */
export const stampKeys = {
  all: ['stamps'] as const,
  station: (stationGroupId: number) => [...stampKeys.all, 'station', stationGroupId] as const,
  books: () => [...stampKeys.all, 'book'] as const,
  book: (userId: string) => [...stampKeys.books(), userId] as const,
  summaries: () => [...stampKeys.all, 'summary'] as const,
  summary: (userId: string) => [...stampKeys.summaries(), userId] as const,
};

/** The member's notifications, their unread count and mail preferences. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

/** The moderators' queues and audit log. */
export const moderationKeys = {
  all: ['moderation'] as const,
  reports: () => [...moderationKeys.all, 'reports'] as const,
  takedowns: () => [...moderationKeys.all, 'takedowns'] as const,
  log: () => [...moderationKeys.all, 'log'] as const,
};

/** Post search, tags and word mutes (docs/search.md). */
export const searchKeys = {
  all: ['search'] as const,
  posts: (q: string) => [...searchKeys.all, 'posts', q] as const,
  stations: (q: string) => [...searchKeys.all, 'stations', q] as const,
  users: (q: string) => [...searchKeys.all, 'users', q] as const,
  tag: (tag: string) => [...searchKeys.all, 'tag', tag] as const,
  tagPosts: (tag: string) => [...searchKeys.all, 'tag-posts', tag] as const,
  trending: () => [...searchKeys.all, 'trending'] as const,
  followedTags: () => [...searchKeys.all, 'followed-tags'] as const,
  wordMutes: () => [...searchKeys.all, 'word-mutes'] as const,
};
