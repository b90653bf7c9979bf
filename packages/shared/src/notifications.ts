import { z } from 'zod';
import { pageQuerySchema, postAuthorSchema, POST_KINDS, type PostKind } from './posts.js';
import { pageSchema } from './envelope.js';

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
};

/** Actors shown by name in a grouped notification; the rest are counted (「ほか3人」). */
export const NOTIFICATION_ACTORS_SHOWN = 3;

/** Heartbeat of the live stream, well under the idle timeouts of proxies. */
export const NOTIFICATION_STREAM_HEARTBEAT_MS = 25_000;

export const notificationTargetSchema = z.object({
  /** `title` is the post's as shown: an untitled photo is named after its spot or station. */
  post: z.object({ id: z.string(), kind: z.enum(POST_KINDS), title: z.string() }).nullable(),
  comment_id: z.string().nullable(),
  station: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

/** Notifications of one type about one target within one day (Japan time), newest actor first. */
export const notificationGroupSchema = z.object({
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
});
export type NotificationGroup = z.infer<typeof notificationGroupSchema>;

export const notificationPageSchema = pageSchema(notificationGroupSchema);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationListQuerySchema = pageQuerySchema;

export const unreadCountSchema = z.object({ unread_count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** `{ ids }` marks those read; no ids marks everything read. */
export const notificationReadBodySchema = z.object({
  ids: z
    .array(z.uuid('通知の指定が正しくありません。'))
    .max(500, '一度に既読にできる通知は500件までです。')
    .optional(),
});
export type NotificationReadBody = z.infer<typeof notificationReadBodySchema>;

/** A single new notification, as the live stream sends it (event `notification`). */
export const notificationEventSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  actor: postAuthorSchema,
  post_id: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/**
 * Which notification types also come by mail (`mail_opt_in` of the profile still switches all
 * notification mail off, as the unsubscribe link does).
 */
export const notificationPreferencesSchema = z.object({
  mail_types: z
    .array(z.enum(NOTIFICATION_TYPES, '通知の種類が正しくありません。'))
    .max(NOTIFICATION_TYPES.length),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/* ---- Post timelines ---- */

export const TIMELINE_SCOPES = ['all', 'follow'] as const;
export type TimelineScope = (typeof TIMELINE_SCOPES)[number];

/** `kinds=spot,event`: a comma-separated subset of the post kinds; empty or absent is all. */
export const timelineQuerySchema = pageQuerySchema.extend({
  scope: z.enum(TIMELINE_SCOPES, 'scope は all か follow を指定してください。').default('all'),
  kinds: z
    .string()
    .max(40)
    .default('')
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(z.array(z.enum(POST_KINDS, { error: '種類は spot, event, image から選んでください。' }))),
});
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

const ACTIONS: Record<NotificationType, string> = {
  like: 'があなたの投稿にいいねしました',
  want: 'があなたの投稿に「行きたい・参加したい」をつけました',
  comment: 'があなたの投稿にコメントしました',
  reply: 'が、あなたもコメントした投稿にコメントしました',
  follow: 'があなたをフォローしました',
  followed_post: 'が新しい投稿をしました',
  station_post: 'が行きたい駅に投稿しました',
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
