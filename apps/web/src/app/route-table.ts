import type { PostKind } from '@ekispot/shared';
import { paths } from '../config/paths';
import type { PostEditorMode } from './routes/post-editor';
import type { AppRouteDefinition, LazyRouteModule, ParamRule, RouteAccess } from './route-types';

const home: LazyRouteModule = () => import('./routes/home');
const login: LazyRouteModule = () => import('./routes/login');
const station: LazyRouteModule = () => import('./routes/station-detail');
const stationRandom: LazyRouteModule = () => import('./routes/station-random');
const line: LazyRouteModule = () => import('./routes/line-detail');
const privacy: LazyRouteModule = () => import('./routes/privacy');
const service: LazyRouteModule = () => import('./routes/service');
const takedown: LazyRouteModule = () => import('./routes/takedown');
const takedownConfirm: LazyRouteModule = () => import('./routes/takedown-confirm');
const register: LazyRouteModule = () => import('./routes/register');
const forgot: LazyRouteModule = () => import('./routes/forgot');
const resetPassword: LazyRouteModule = () => import('./routes/reset-password');
const secureAccount: LazyRouteModule = () => import('./routes/secure-account');
const verifyEmail: LazyRouteModule = () => import('./routes/verify-email');
const verifyNewEmail: LazyRouteModule = () => import('./routes/verify-new-email');
const unsubscribe: LazyRouteModule = () => import('./routes/unsubscribe');
const leave: LazyRouteModule = () => import('./routes/leave');
const settingsProfile: LazyRouteModule = () => import('./routes/settings-profile');
const rankings: LazyRouteModule = () => import('./routes/rankings');
const rides: LazyRouteModule = () => import('./routes/rides');
const ridesMap: LazyRouteModule = () => import('./routes/rides-map');
const rideNew: LazyRouteModule = () => import('./routes/ride-new');

const profile: LazyRouteModule = () => import('./routes/profile');
const profileRedirect: LazyRouteModule = () => import('./routes/profile-redirect');
/**
 * In the profile redirects' module: a module of its own would reach the shared code without the
 * messages and split their common chunk, one more request on every first visit.
 */
const stampBookRedirect: LazyRouteModule = () =>
  import('./routes/profile-redirect').then(({ OwnStampBookRedirect }) => ({
    Component: OwnStampBookRedirect,
  }));
const users: LazyRouteModule = () => import('./routes/users');
const listEditor: LazyRouteModule = () => import('./routes/list-editor');
const listDetail: LazyRouteModule = () => import('./routes/list-detail');
const listTimeline: LazyRouteModule = () => import('./routes/list-timeline');
const userFollows: LazyRouteModule = () => import('./routes/user-follows');
const notifications: LazyRouteModule = () => import('./routes/notifications');
const timelinePosts: LazyRouteModule = () => import('./routes/timeline-posts');
const moderationQueue: LazyRouteModule = () => import('./routes/moderation-queue');
const moderationLog: LazyRouteModule = () => import('./routes/moderation-log');
const search: LazyRouteModule = () => import('./routes/search');
const tag: LazyRouteModule = () => import('./routes/tag');
const settingsWordMutes: LazyRouteModule = () => import('./routes/settings-word-mutes');

const uuid = (name: string): Record<string, ParamRule> => ({ [name]: 'uuid' });
const token: Record<string, ParamRule> = { token: 'token' };
const stationParam: Record<string, ParamRule> = { stationGroupId: 'stationGroupId' };
const userParam = uuid('userId');
/** The tabs the spec places under action/ (their short addresses lead there). */
const PROFILE_ACTION_TABS = [
  'liked',
  'want-to-participate-events',
  'want-to-visit-spots',
  'want-to-visit-stations',
] as const;

/** The post forms: one route module, parameterised by the mode and the post's kind. */
const postEditor =
  (mode: PostEditorMode, kind: PostKind): LazyRouteModule =>
  () =>
    import('./routes/post-editor').then(({ postEditorRoute }) => postEditorRoute(mode, kind));
const postCreateSpot = postEditor('create', 'spot');
const postCreateEvent = postEditor('create', 'event');
const postCreateImage = postEditor('create', 'image');
const postUpdateSpot = postEditor('update', 'spot');
const postUpdateEvent = postEditor('update', 'event');
const postUpdateImage = postEditor('update', 'image');

function page(
  path: string,
  title: string,
  access: RouteAccess,
  lazy: LazyRouteModule,
  extra: Partial<Pick<AppRouteDefinition, 'layout' | 'params' | 'serverRendered' | 'module'>> = {},
): AppRouteDefinition {
  return {
    path,
    title,
    access,
    lazy,
    layout: extra.layout ?? 'default',
    ...(extra.params ? { params: extra.params } : {}),
    ...(extra.serverRendered ? { serverRendered: true } : {}),
    ...(extra.module ? { module: extra.module } : {}),
  };
}

/**
 * A public page the server draws (docs/architecture.md#server-rendering), with its route module
 * as Vite's build manifest names it, so the server can preload that module's code.
 */
const ssr = (module: string) =>
  ({ serverRendered: true, module: `src/app/routes/${module}.tsx` }) as const;

const LOGIN = { layout: 'login' } as const;

/** Every route of the product (docs/product-rules.md#routes-and-access), in one table. */
export const routeTable: readonly AppRouteDefinition[] = [
  page(paths.home.path, 'TOP', 'open', home, { ...ssr('home'), layout: 'map' }),

  page(paths.login.path, 'ログイン', 'guest', login, LOGIN),
  page(paths.register.path, '新規登録', 'guest', register, LOGIN),
  page(paths.forgot.path, 'パスワードの再設定', 'guest', forgot, LOGIN),
  page(paths.resetPassword.path, '新しいパスワードの設定', 'guest', resetPassword, {
    ...LOGIN,
    params: token,
  }),
  page(paths.verifyEmail.path, 'メールアドレスの確認', 'guest', verifyEmail, {
    ...LOGIN,
    params: token,
  }),
  page(paths.verifyNewEmail.path, '新しいメールアドレスの確認', 'open', verifyNewEmail, {
    ...LOGIN,
    params: token,
  }),
  page(paths.unsubscribe.path, 'メール配信の停止', 'open', unsubscribe, {
    ...LOGIN,
    params: token,
  }),
  page(paths.secureAccount.path, 'アカウントを守る', 'open', secureAccount, {
    ...LOGIN,
    params: token,
  }),

  page(paths.leave.path, '退会', 'auth', leave),
  page(paths.notifications.path, '通知', 'auth', notifications),
  page(paths.settingsProfile.path, 'アカウント設定', 'auth', settingsProfile),
  page(paths.settingsWordMutes.path, 'ミュートするワード', 'auth', settingsWordMutes),

  page(paths.listCreate.path, 'リストの作成', 'auth', listEditor),
  page(paths.listUpdate.path, 'リストの作成', 'auth', listEditor),
  page(paths.listUpdateById.path, 'リストの作成', 'auth', listEditor, { params: uuid('listId') }),
  page(paths.list.path, 'リスト', 'open', listDetail, {
    ...ssr('list-detail'),
    params: uuid('listId'),
  }),

  page(paths.post.path, '投稿', 'open', () => import('./routes/post-detail'), {
    ...ssr('post-detail'),
    params: uuid('postId'),
  }),
  page(paths.comment.path, 'コメント', 'open', () => import('./routes/comment-detail'), {
    ...ssr('comment-detail'),
    params: { postId: 'uuid', commentId: 'uuid' },
  }),
  page(paths.postCreateEvent.path, 'イベントの投稿', 'auth', postCreateEvent),
  page(paths.postCreateEventAt.path, 'イベントの投稿', 'auth', postCreateEvent, {
    params: uuid('postId'),
  }),
  page(paths.postCreateImage.path, '写真の投稿', 'auth', postCreateImage, { params: stationParam }),
  page(paths.postCreateImageFor.path, '写真の投稿', 'auth', postCreateImage, {
    params: uuid('postId'),
  }),
  page(paths.postCreateSpot.path, 'スポットの投稿', 'auth', postCreateSpot),
  page(paths.postUpdateEvent.path, 'イベントの編集', 'auth', postUpdateEvent),
  page(paths.postUpdateEventById.path, 'イベントの編集', 'auth', postUpdateEvent, {
    params: uuid('postId'),
  }),
  page(paths.postUpdateImage.path, '写真の編集', 'auth', postUpdateImage, { params: stationParam }),
  page(paths.postUpdateImageById.path, '写真の編集', 'auth', postUpdateImage, {
    params: uuid('postId'),
  }),
  page(paths.postUpdateSpot.path, 'スポットの編集', 'auth', postUpdateSpot),

  page(paths.privacy.path, 'プライバシーポリシー', 'open', privacy, ssr('privacy')),
  page(paths.service.path, '利用規約', 'open', service, ssr('service')),
  page(paths.takedown.path, '削除の申し出', 'open', takedown),
  page(paths.takedownConfirm.path, '削除の申し出', 'open', takedownConfirm, { params: token }),
  page(paths.station.path, '駅の詳細', 'open', station, {
    ...ssr('station-detail'),
    params: stationParam,
  }),
  page(paths.stationRandom.path, '駅ガチャ', 'open', stationRandom),
  page(paths.search.path, '検索', 'open', search),
  page(paths.tag.path, 'タグ', 'open', tag, { ...ssr('tag'), params: { tag: 'tag' } }),
  page(paths.line.path, '路線', 'open', line, {
    ...ssr('line-detail'),
    params: { lineId: 'lineId' },
  }),

  page(paths.users.path, 'ユーザー一覧', 'open', users, ssr('users')),
  page(paths.userFollowers.path, 'フォロワー', 'open', userFollows, {
    ...ssr('user-follows'),
    params: userParam,
  }),
  page(paths.userFollowing.path, 'フォロー中', 'open', userFollows, {
    ...ssr('user-follows'),
    params: userParam,
  }),

  // One profile module for every tab, so the header stays while the tab changes.
  page(paths.profileLiked.path, 'いいねした投稿', 'open', profile, {
    ...ssr('profile'),
    params: userParam,
  }),
  page(paths.profileWantToParticipateEvents.path, '参加したいイベント', 'open', profile, {
    ...ssr('profile'),
    params: userParam,
  }),
  page(paths.profileWantToVisitSpots.path, '行きたいスポット', 'open', profile, {
    ...ssr('profile'),
    params: userParam,
  }),
  page(paths.profileWantToVisitStations.path, '行きたい駅', 'open', profile, {
    ...ssr('profile'),
    params: userParam,
  }),
  page(paths.profileLists.path, 'リスト', 'open', profile, {
    ...ssr('profile'),
    params: userParam,
  }),
  page(paths.profilePosts.path, '投稿', 'open', profile, { ...ssr('profile'), params: userParam }),
  page(paths.profileStamps.path, 'スタンプ', 'open', profile, {
    ...ssr('profile'),
    params: userParam,
  }),
  // The installed app's shortcut (docs/pwa.md#the-manifest): the member's own stamp tab.
  page(paths.stampBook.path, 'スタンプ帳', 'auth', stampBookRedirect),
  page(paths.rides.path, '乗車記録', 'auth', rides),
  page(paths.ridesMap.path, '乗車記録の地図', 'auth', ridesMap),
  page(paths.rideNew.path, '乗車を記録', 'auth', rideNew),
  // The profile itself and the short tab addresses lead to the tabs above.
  page(paths.profile.path, 'プロフィール', 'open', profileRedirect, { params: userParam }),
  ...PROFILE_ACTION_TABS.map((tab) =>
    page(paths.profileShortTab.pathOf(tab), 'プロフィール', 'open', profileRedirect, {
      params: userParam,
    }),
  ),

  page(paths.rankingImpact.path, '影響度数ランキング', 'open', rankings, ssr('rankings')),
  page(paths.rankingPost.path, '投稿数ランキング', 'open', rankings, ssr('rankings')),

  page(
    paths.timelineListAll.path,
    'リストのタイムライン',
    'open',
    listTimeline,
    ssr('list-timeline'),
  ),
  page(paths.timelineListFollow.path, 'フォロー中のリスト', 'auth', listTimeline),
  page(
    paths.timelinePostAll.path,
    '投稿のタイムライン',
    'open',
    timelinePosts,
    ssr('timeline-posts'),
  ),
  page(paths.timelinePostFollow.path, 'フォロー中の投稿', 'auth', timelinePosts),

  // Moderators only (docs/moderation.md#moderators): anyone else gets the 404 page.
  page(paths.moderation.path, 'モデレーション', 'moderator', moderationQueue),
  page(paths.moderationLog.path, 'モデレーションの記録', 'moderator', moderationLog),
];

export const NOT_FOUND_TITLE = 'ページが見つかりません';
