import type { PostKind } from '@ekispot/shared';

/** The tabs of the search page. */
export const SEARCH_TABS = ['stations', 'posts', 'tags', 'users'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/** Every route of the web app (docs/product-rules.md#routes-and-access) with its href builder. */
export const paths = {
  home: { path: '/', href: () => '/' },
  login: {
    path: '/login',
    href: (redirectTo?: string) =>
      redirectTo ? `/login?redirect=${encodeURIComponent(redirectTo)}` : '/login',
  },
  register: { path: '/register', href: () => '/register' },
  forgot: { path: '/forgot', href: () => '/forgot' },
  resetPassword: {
    path: '/reset-password/:token',
    href: (token: string) => `/reset-password/${token}`,
  },
  verifyEmail: { path: '/verify-email/:token', href: (token: string) => `/verify-email/${token}` },
  verifyNewEmail: {
    path: '/verify-new-email/:token',
    href: (token: string) => `/verify-new-email/${token}`,
  },
  unsubscribe: { path: '/unsubscribe/:token', href: (token: string) => `/unsubscribe/${token}` },
  secureAccount: {
    path: '/secure-account/:token',
    href: (token: string) => `/secure-account/${token}`,
  },
  leave: { path: '/leave', href: () => '/leave' },
  notifications: { path: '/notifications', href: () => '/notifications' },
  settingsProfile: { path: '/settings/profile', href: () => '/settings/profile' },
  settingsWordMutes: { path: '/settings/mutes', href: () => '/settings/mutes' },
  /** One search for stations, lines, posts, tags and members (docs/search.md). */
  search: {
    path: '/search',
    href: (q = '', tab: SearchTab = 'stations') => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (tab !== 'stations') params.set('tab', tab);
      const query = params.toString();
      return query ? `/search?${query}` : '/search';
    },
  },
  tag: { path: '/tag/:tag', href: (tag: string) => `/tag/${encodeURIComponent(tag)}` },
  listCreate: { path: '/list/create', href: () => '/list/create' },
  listUpdate: { path: '/list/update', href: () => '/list/update' },
  listUpdateById: {
    path: '/list/update/:listId',
    href: (listId: string) => `/list/update/${listId}`,
  },
  list: { path: '/list/:listId', href: (listId: string) => `/list/${listId}` },
  post: { path: '/post/:postId', href: (postId: string) => `/post/${postId}` },
  comment: {
    path: '/post/:postId/comment/:commentId',
    href: (postId: string, commentId: string) => `/post/${postId}/comment/${commentId}`,
  },
  postCreateEvent: { path: '/post/create/event', href: () => '/post/create/event' },
  postCreateEventAt: {
    path: '/post/create/:postId/event',
    href: (postId: string) => `/post/create/${postId}/event`,
  },
  postCreateImage: {
    path: '/post/create/image/:stationGroupId',
    href: (stationGroupId: number) => `/post/create/image/${stationGroupId}`,
  },
  postCreateImageFor: {
    path: '/post/create/:postId/image',
    href: (postId: string) => `/post/create/${postId}/image`,
  },
  postCreateSpot: { path: '/post/create/spot', href: () => '/post/create/spot' },
  postUpdateEvent: { path: '/post/update/event', href: () => '/post/update/event' },
  postUpdateEventById: {
    path: '/post/update/:postId/event',
    href: (postId: string) => `/post/update/${postId}/event`,
  },
  postUpdateImage: {
    path: '/post/update/image/:stationGroupId',
    href: (stationGroupId: number) => `/post/update/image/${stationGroupId}`,
  },
  postUpdateImageById: {
    path: '/post/update/:postId/image',
    href: (postId: string) => `/post/update/${postId}/image`,
  },
  postUpdateSpot: { path: '/post/update/spot', href: () => '/post/update/spot' },
  privacy: { path: '/privacy', href: () => '/privacy' },
  service: { path: '/service', href: () => '/service' },
  /** 削除の申し出 (docs/moderation.md#takedown-requests); `url` fills in the page asked about. */
  takedown: {
    path: '/contact/takedown',
    href: (url?: string) =>
      url ? `/contact/takedown?url=${encodeURIComponent(url)}` : '/contact/takedown',
  },
  takedownConfirm: {
    path: '/contact/takedown/confirm/:token',
    href: (token: string) => `/contact/takedown/confirm/${token}`,
  },
  station: {
    path: '/station/:stationGroupId',
    href: (stationGroupId: number) => `/station/${stationGroupId}`,
  },
  line: { path: '/line/:lineId', href: (lineId: number) => `/line/${lineId}` },
  stationRandom: { path: '/search/station/random', href: () => '/search/station/random' },
  users: { path: '/users', href: () => '/users' },
  userFollowers: {
    path: '/users/:userId/followers',
    href: (userId: string) => `/users/${userId}/followers`,
  },
  userFollowing: {
    path: '/users/:userId/following',
    href: (userId: string) => `/users/${userId}/following`,
  },
  profile: { path: '/profile/:userId', href: (userId: string) => `/profile/${userId}` },
  /** /profile/:userId/liked and the other tabs without action/ (led to the tab's address). */
  profileShortTab: {
    pathOf: (tab: string) => `/profile/:userId/${tab}`,
    href: (userId: string, tab: string) => `/profile/${userId}/${tab}`,
  },
  profileLiked: {
    path: '/profile/:userId/action/liked',
    href: (userId: string) => `/profile/${userId}/action/liked`,
  },
  profileWantToParticipateEvents: {
    path: '/profile/:userId/action/want-to-participate-events',
    href: (userId: string) => `/profile/${userId}/action/want-to-participate-events`,
  },
  profileWantToVisitSpots: {
    path: '/profile/:userId/action/want-to-visit-spots',
    href: (userId: string) => `/profile/${userId}/action/want-to-visit-spots`,
  },
  profileWantToVisitStations: {
    path: '/profile/:userId/action/want-to-visit-stations',
    href: (userId: string) => `/profile/${userId}/action/want-to-visit-stations`,
  },
  profileLists: {
    path: '/profile/:userId/lists',
    href: (userId: string) => `/profile/${userId}/lists`,
  },
  profilePosts: {
    path: '/profile/:userId/posts',
    href: (userId: string) => `/profile/${userId}/posts`,
  },
  profileStamps: {
    path: '/profile/:userId/stamps',
    href: (userId: string) => `/profile/${userId}/stamps`,
  },
  /** The signed-in member's stamp book, without their id: leads to profileStamps. */
  stampBook: { path: '/stamps', href: () => '/stamps' },
  rides: { path: '/rides', href: () => '/rides' },
  ridesMap: { path: '/rides/map', href: () => '/rides/map' },
  /** The ride form, started from a station (`from` or `to`) or a line page's two stations. */
  rideNew: {
    path: '/rides/new',
    href: (start: { from?: number; to?: number; line?: number } = {}) => {
      const query = new URLSearchParams();
      for (const key of ['from', 'to', 'line'] as const) {
        if (start[key] !== undefined) query.set(key, String(start[key]));
      }
      const text = query.toString();
      return text ? `/rides/new?${text}` : '/rides/new';
    },
  },
  rankingImpact: { path: '/rankings/impact', href: () => '/rankings/impact' },
  rankingPost: { path: '/rankings/post', href: () => '/rankings/post' },
  timelineListAll: { path: '/timeline/list/all', href: () => '/timeline/list/all' },
  timelineListFollow: { path: '/timeline/list/follow', href: () => '/timeline/list/follow' },
  timelinePostAll: { path: '/timeline/post/all', href: () => '/timeline/post/all' },
  timelinePostFollow: { path: '/timeline/post/follow', href: () => '/timeline/post/follow' },
  /** The moderators' queue and audit log (docs/moderation.md); a 404 page to everyone else. */
  moderation: {
    path: '/moderation',
    href: (tab?: 'takedowns') => (tab ? `/moderation?tab=${tab}` : '/moderation'),
  },
  moderationLog: { path: '/moderation/log', href: () => '/moderation/log' },
} as const;

/** What a post's edit address is built from. */
export interface EditablePostRef {
  id: string;
  kind: PostKind;
  stationGroupId: number | null;
  parentPostId: string | null;
}

/**
 * Where a post is edited (docs/product-rules.md#posts): the update route that mirrors how it was
 * created. Spots and stand-alone events take `?postId=`; photos of a station name the station.
 */
export function postEditHref(post: EditablePostRef): string {
  const query = `?postId=${encodeURIComponent(post.id)}`;
  switch (post.kind) {
    case 'spot':
      return `${paths.postUpdateSpot.href()}${query}`;
    case 'event':
      return post.parentPostId
        ? paths.postUpdateEventById.href(post.id)
        : `${paths.postUpdateEvent.href()}${query}`;
    case 'image':
      return post.stationGroupId !== null && !post.parentPostId
        ? `${paths.postUpdateImage.href(post.stationGroupId)}${query}`
        : paths.postUpdateImageById.href(post.id);
  }
}

/** Where to go after a post is deleted: the post it belonged to, its station, or the top page. */
export function afterDeleteHref(
  post: Pick<EditablePostRef, 'parentPostId' | 'stationGroupId'>,
): string {
  if (post.parentPostId) return paths.post.href(post.parentPostId);
  if (post.stationGroupId !== null) return paths.station.href(post.stationGroupId);
  return paths.home.href();
}
