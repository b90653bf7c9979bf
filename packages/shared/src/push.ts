import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from './notifications.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Web Push (docs/pwa.md#push): a device's subscription, the member's push choices and the
 * server's public VAPID key, the contracts the API serves and the web app reads.
 */

/** Subscriptions a member may hold (phones, browsers); a new one beyond replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 5;

/** The longest endpoint taken (real push services' are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2_048;

/** Types pushed unless the member chooses otherwise: all but the posts of others. */
export const PUSH_TYPE_DEFAULTS: readonly NotificationType[] = [
  'like',
  'want',
  'comment',
  'reply',
  'follow',
  'moderation',
];

/** Quiet hours unless the member chooses others, in minutes after midnight, Japan time. */
export const PUSH_QUIET_DEFAULTS = { start: 22 * 60, end: 7 * 60 } as const;

/**
 * base64url as PushSubscription.toJSON() gives it (padding allowed), checked by its form: the
 * key of 65 bytes starting 0x04 (uncompressed P-256) is `B` and 86 more characters, the secret
 * of 16 bytes 22 characters. Shared with the browser, so no Buffer here.
 */
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
const AUTH = /^[A-Za-z0-9_-]{21}[AQgw](==)?$/;

export const pushSubscriptionBodySchema = lazySchema(() =>
  z.object({
    endpoint: z
      .string('通知の送り先（endpoint）を指定してください。')
      .min(1, '通知の送り先（endpoint）を指定してください。')
      .max(PUSH_ENDPOINT_MAX_LENGTH, '通知の送り先（endpoint）が長すぎます。'),
    keys: z.object(
      {
        /** The browser's P-256 public key, uncompressed (65 bytes). */
        p256dh: z
          .string('通知の暗号化キー（p256dh）を指定してください。')
          .regex(P256DH, '通知の暗号化キー（p256dh）が正しくありません。'),
        /** The shared authentication secret (16 bytes). */
        auth: z
          .string('通知の認証キー（auth）を指定してください。')
          .regex(AUTH, '通知の認証キー（auth）が正しくありません。'),
      },
      '通知の暗号化キー（keys）を指定してください。',
    ),
    /** PushSubscription.expirationTime: milliseconds since the epoch, or null. */
    expiration_time: z
      .number('有効期限が正しくありません。')
      .int('有効期限が正しくありません。')
      .min(0, '有効期限が正しくありません。')
      .nullish(),
  }),
);
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = lazySchema(() =>
  z.object({
    endpoint: pushSubscriptionBodySchema.shape.endpoint,
  }),
);

export const pushSubscriptionResultSchema = lazySchema(() =>
  z.object({
    endpoint: z.string(),
    /** How many devices of the member now get pushes. */
    subscription_count: z.number().int(),
  }),
);
export type PushSubscriptionResult = z.infer<typeof pushSubscriptionResultSchema>;

export const pushKeySchema = lazySchema(() =>
  z.object({
    /** The server's VAPID public key (base64url), `applicationServerKey` of `pushManager.subscribe`. */
    public_key: z.string(),
  }),
);

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = lazySchema(() =>
  z
    .string('時刻を「22:00」の形で指定してください。')
    .regex(TIME_OF_DAY, '時刻を「22:00」の形で指定してください。'),
);

/** Minutes after midnight as 「HH:MM」. */
export function formatTimeOfDay(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 「HH:MM」 as minutes after midnight. */
export function parseTimeOfDay(value: string): number {
  const [hours = '0', minutes = '0'] = value.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/**
 * Which notification types are pushed, and the quiet hours (Japan time) during which pushes
 * wait until their end. Start and end may be equal only when the hours are off.
 */
export const pushPreferencesSchema = lazySchema(() =>
  z
    .object({
      push_types: z
        .array(z.enum(NOTIFICATION_TYPES, '通知の種類が正しくありません。'))
        .max(NOTIFICATION_TYPES.length),
      quiet_hours: z.object({
        enabled: z.boolean('おやすみ時間のオン・オフを指定してください。'),
        start: timeOfDay,
        end: timeOfDay,
      }),
    })
    .superRefine((value, context) => {
      if (value.quiet_hours.enabled && value.quiet_hours.start === value.quiet_hours.end) {
        context.addIssue({
          code: 'custom',
          path: ['quiet_hours', 'end'],
          message: 'おやすみ時間の開始と終了は別の時刻にしてください。',
        });
      }
    }),
);
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/**
 * Whether `minute` (after midnight, Japan time) falls in the quiet hours from `start` to `end`,
 * which may span midnight (22:00–7:00).
 */
export function isQuietMinute(minute: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** What a push carries to the service worker (apps/web/src/sw/push-handlers.ts). */
export const pushPayloadSchema = lazySchema(() =>
  z.object({
    title: z.string(),
    body: z.string(),
    /** Where a tap leads: the post, the profile, or the notifications page. */
    url: z.string(),
    /** One per notification group: a newer push of the group replaces the shown one. */
    tag: z.string(),
  }),
);
export type PushPayload = z.infer<typeof pushPayloadSchema>;
