import { z } from 'zod';
import { pageQuerySchema, postAuthorSchema, POST_KINDS, type PostKind } from './posts.js';
import { pageSchema } from './envelope.js';
import { MODERATION_ACTIONS, type ModerationActionKind } from './moderation.js';
import { REPORT_TARGET_KINDS, REPORT_TARGET_LABELS } from './reports.js';
import { formatJapanDate } from './zod-japanese.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Notifications and the post timelines (docs/notifications.md, docs/timelines.md): the
 * contracts the API serves and the web app reads.
 */

export const NOTIFICATION_TYPES = [
  'like',
  'want',
  'comment',
  'reply',
  'follow',
  'followed_post',
  'station_post',
  /** A moderator's decision, told to the reporters and to the item's author (docs/moderation.md). */
  'moderation',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Types mailed unless the member chooses otherwise: someone talking to them or following them. */
export const NOTIFICATION_MAIL_DEFAULTS: readonly NotificationType[] = [
  'comment',
  'reply',
  'follow',
];

/** Labels of the mail choices in the settings. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  like: 'いいね',
  want: '行きたい・参加したい',
  comment: 'あなたの投稿へのコメント',
  reply: 'コメントした投稿への返信',
  follow: 'フォロー',
  followed_post: 'フォロー中のメンバーの投稿',
  station_post: '行きたい駅への新しい投稿',
  moderation: '運営からのお知らせ（報告の結果など）',
};

/** Actors shown by name in a grouped notification; the rest are counted (「ほか3人」). */
export const NOTIFICATION_ACTORS_SHOWN = 3;

/** Heartbeat of the live stream, well under the idle timeouts of proxies. */
export const NOTIFICATION_STREAM_HEARTBEAT_MS = 25_000;

export const notificationTargetSchema = lazySchema(() =>
  z.object({
    /** `title` is the post's as shown: an untitled photo is named after its spot or station. */
    post: z.object({ id: z.string(), kind: z.enum(POST_KINDS), title: z.string() }).nullable(),
    comment_id: z.string().nullable(),
    station: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }),
);

/** Notifications of one type about one target within one day (Japan time), newest actor first. */
export const notificationGroupSchema = lazySchema(() =>
  z.object({
    /** The newest notification of the group. */
    id: z.string(),
    /** Every notification of the group: `POST /notifications/read` takes these. */
    ids: z.array(z.string()),
    type: z.enum(NOTIFICATION_TYPES),
    target: notificationTargetSchema,
    actors: z.array(postAuthorSchema),
    actor_count: z.number().int(),
    latest_at: z.string(),
    read: z.boolean(),
    /**
     * For `moderation`: what was decided about which kind of item, and whether the member hears of
     * it as a reporter or as the item's author. Authors are told the moderator's reason; the
     * moderator is never named (the group's actor is the member themselves).
     */
    moderation: z
      .object({
        action: z.enum(MODERATION_ACTIONS),
        role: z.enum(['reporter', 'author']),
        target_kind: z.enum(REPORT_TARGET_KINDS),
        reason: z.string().nullable(),
        /** For a suspension: its end, null for good. */
        suspended_until: z.string().nullable(),
      })
      .optional(),
  }),
);
export type NotificationGroup = z.infer<typeof notificationGroupSchema>;

export const notificationPageSchema = lazySchema(() => pageSchema(notificationGroupSchema));
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationListQuerySchema = lazySchema(() => pageQuerySchema);

export const unreadCountSchema = lazySchema(() => z.object({ unread_count: z.number().int() }));

/** `{ ids }` marks those read; no ids marks everything read. */
export const notificationReadBodySchema = lazySchema(() =>
  z.object({
    ids: z
      .array(z.uuid('通知の指定が正しくありません。'))
      .max(500, '一度に既読にできる通知は500件までです。')
      .optional(),
  }),
);

/** A single new notification, as the live stream sends it (event `notification`). */
export const notificationEventSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    actor: postAuthorSchema,
    post_id: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/**
 * Which notification types also come by mail (`mail_opt_in` of the profile still switches all
 * notification mail off, as the unsubscribe link does).
 */
export const notificationPreferencesSchema = lazySchema(() =>
  z.object({
    mail_types: z
      .array(z.enum(NOTIFICATION_TYPES, '通知の種類が正しくありません。'))
      .max(NOTIFICATION_TYPES.length),
  }),
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/* ---- Post timelines ---- */

export const TIMELINE_SCOPES = ['all', 'follow'] as const;
export type TimelineScope = (typeof TIMELINE_SCOPES)[number];

/** `kinds=spot,event`: a comma-separated subset of the post kinds; empty or absent is all. */
export const timelineQuerySchema = lazySchema(() =>
  pageQuerySchema.extend({
    scope: z.enum(TIMELINE_SCOPES, 'scope は all か follow を指定してください。').default('all'),
    kinds: z
      .string()
      .max(40)
      .default('')
      .transform((value) => [...new Set(value.split(',').filter(Boolean))])
      .pipe(
        z.array(z.enum(POST_KINDS, { error: '種類は spot, event, image から選んでください。' })),
      ),
  }),
);
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

const ACTIONS: Record<NotificationType, string> = {
  like: 'があなたの投稿にいいねしました',
  want: 'があなたの投稿に「行きたい・参加したい」をつけました',
  comment: 'があなたの投稿にコメントしました',
  reply: 'が、あなたもコメントした投稿にコメントしました',
  follow: 'があなたをフォローしました',
  followed_post: 'が新しい投稿をしました',
  station_post: 'が行きたい駅に投稿しました',
  // Not said with a member's name: moderationSentence below says it.
  moderation: 'へ運営チームからお知らせがあります',
};

/** A want says what it is on a spot (行きたい) and on an event (参加したい). */
const WANT_ACTIONS: Partial<Record<PostKind, string>> = {
  spot: 'があなたのスポットに「行きたい」をつけました',
  event: 'があなたのイベントに「参加したい」をつけました',
};

/**
 * The sentence of a grouped notification, the same on the page and in mail:
 * 「Aさんほか3人があなたの投稿にいいねしました」. The post's kind, where known, names a want.
 */
export function notificationSentence(
  type: NotificationType,
  firstActorName: string,
  actorCount: number,
  postKind?: PostKind | null,
): string {
  const others = actorCount > 1 ? `ほか${actorCount - 1}人` : '';
  const action = (type === 'want' && postKind && WANT_ACTIONS[postKind]) || ACTIONS[type];
  return `${firstActorName}さん${others}${action}`;
}

const MODERATION_OUTCOMES: Record<ModerationActionKind, string> = {
  dismiss: '確認しましたが、利用規約への違反は見つかりませんでした',
  hide: '非表示にしました',
  remove: '削除しました',
  warn: '投稿者に警告しました',
  suspend: '投稿者のアカウントを停止しました',
  restore: '再び表示しました',
};

/**
 * The text of a moderation notice (docs/moderation.md#outcomes), the same on the page and in
 * mail: to a reporter, what became of what they reported; to the author, what was done and
 * why. Dates are shown in Japan time.
 */
export function moderationSentence(notice: NonNullable<NotificationGroup['moderation']>): string {
  const item = REPORT_TARGET_LABELS[notice.target_kind];
  if (notice.role === 'reporter') {
    const outcome =
      notice.target_kind === 'user' && notice.action === 'suspend'
        ? 'アカウントを停止しました'
        : MODERATION_OUTCOMES[notice.action];
    return `報告いただいた${item}について、運営チームが${outcome}。ご協力ありがとうございました。`;
  }
  const yours = notice.target_kind === 'user' ? 'あなたのアカウント' : `あなたの${item}`;
  const reason = notice.reason ? `理由：${notice.reason}` : '';
  switch (notice.action) {
    case 'hide':
      return `${yours}は運営チームにより非表示になりました（あなたにだけ表示されます）。${reason}`;
    case 'remove':
      return `${yours}は運営チームにより削除されました。${reason}`;
    case 'warn':
      return `運営チームから${yours}について警告があります。${reason}`;
    case 'suspend': {
      const until = notice.suspended_until
        ? `${formatJapanDate(notice.suspended_until)}まで`
        : '無期限で';
      return `あなたのアカウントは${until}停止されています。${reason}`;
    }
    case 'restore':
      return notice.target_kind === 'user'
        ? 'あなたのアカウントの停止が解除されました。'
        : `${yours}は運営チームにより再び表示されるようになりました。`;
    case 'dismiss':
      return '';
  }
}
