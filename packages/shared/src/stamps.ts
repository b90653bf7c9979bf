import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/**
 * Station stamps (駅スタンプ, docs/stamps.md). Wire format: snake_case. The device position of a
 * check-in decides whether the stamp is given and is then forgotten: no answer carries it.
 */

/** A check-in must lie this close to the station group (any of its stations). */
export const STAMP_MAX_DISTANCE_M = 500;
/** The device must know its position at least this well. */
export const STAMP_MAX_ACCURACY_M = 200;
/** The fastest travel between two stamps that is still believable (Shinkansen-fast). */
export const STAMP_MAX_SPEED_KMH = 350;
/** What a stamp keeps of the distance: the 100 m band it was in (0 = under 100 m … 4). */
export const STAMP_DISTANCE_BUCKET_M = 100;
/** A check-in queued offline is accepted this long after its position was measured. */
export const STAMP_QUEUED_MAX_AGE_HOURS = 24;
/** A measured time this far ahead of the server's clock is taken as now (clocks drift). */
export const STAMP_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * A distance as the refusal says it: metres below a kilometre (exact, so that 「約501m」 is
 * plainly past 500 m), then kilometres: 「約2.3km」, 「約403km」.
 */
export function formatStampDistance(distanceM: number): string {
  if (distanceM < 1000) return `${distanceM.toLocaleString('ja-JP')}m`;
  if (distanceM < 9_950) return `${(Math.round(distanceM / 100) / 10).toFixed(1)}km`;
  return `${Math.round(distanceM / 1000).toLocaleString('ja-JP')}km`;
}

/** Japanese messages of the check-in, shared by the API and the web app. */
export const STAMP_MESSAGES = {
  collected: 'スタンプを押しました。',
  alreadyCollected: 'この駅のスタンプはすでに押しています',
  tooFar: (distanceM: number) =>
    `駅から約${formatStampDistance(distanceM)}離れています。駅の${STAMP_MAX_DISTANCE_M}m以内でスタンプを押してください。`,
  tooInaccurate: (accuracyM: number) =>
    `現在地の精度が低すぎます（誤差 約${accuracyM.toLocaleString('ja-JP')}m）。精度が${STAMP_MAX_ACCURACY_M}m以内になる場所でもう一度お試しください。`,
  tooFast: (speedKmh: number) =>
    `前回のスタンプからの移動が速すぎます（時速約${speedKmh.toLocaleString('ja-JP')}km）。時間をおいてからもう一度お試しください。`,
  closedStation: '廃駅ではスタンプを押せません。',
  measuredTooLongAgo: `位置を測ってから${STAMP_QUEUED_MAX_AGE_HOURS}時間以上たったため、このスタンプは押せませんでした。駅でもう一度お試しください。`,
  measuredInFuture: '位置を測った時刻が未来になっています。端末の日時を確かめてください。',
  stationNotFound: '指定された駅は見つかりませんでした。',
} as const;

const coordinate = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name}を数値で指定してください。` })
    .min(min, `${name}は${min}以上で指定してください。`)
    .max(max, `${name}は${max}以下で指定してください。`);

/** `POST /stations/{stationGroupId}/stamp`. */
export const stampCheckInBodySchema = lazySchema(() =>
  z.object({
    lat: coordinate('緯度', -90, 90),
    lng: coordinate('経度', -180, 180),
    accuracy_m: z
      .number({ error: '位置の精度を数値で指定してください。' })
      .nonnegative('位置の精度は0以上で指定してください。')
      .max(1_000_000, '位置の精度が大きすぎます。'),
    /**
     * When the position was measured, for a check-in queued offline and sent later: the stamp is
     * dated then and the rules apply to that time (docs/stamps.md#queued-check-ins).
     */
    measured_at: z.iso
      .datetime({
        offset: true,
        error: '位置を測った時刻はタイムゾーン付きのISO 8601形式で指定してください。',
      })
      .optional(),
  }),
);
export type StampCheckInBody = z.infer<typeof stampCheckInBodySchema>;

export const stampStationSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    prefecture_name: z.string(),
  }),
);

/**
 * One stamp as lists show it. `collected_on` is the Japan date; `collected_at` (the exact time)
 * is given to the stamp's owner only, so others learn the day, not the hour.
 */
export const stampSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    station: stampStationSchema,
    collected_on: z.string(),
    collected_at: z.string().nullable(),
    /**
     * True on a 「記録のみ」 stamp, brought in from an archive and never checked at the station
     * (docs/archive.md#importing): it counts for no station total or ranking. Absent otherwise.
     */
    record_only: z.literal(true).optional(),
  }),
);

/** The answer to a successful check-in. */
export const stampCheckInSchema = lazySchema(() =>
  stampSchema.extend({
    /** How far the device was, as the 100 m band kept with the stamp (0 = under 100 m). */
    distance_bucket: z.number().int(),
    /** Members who have this station's stamp, this one included. */
    stamp_count: z.number().int(),
    /** Stamps the member has now, this one included (「32駅目」). */
    my_stamp_count: z.number().int(),
  }),
);
export type StampCheckIn = z.infer<typeof stampCheckInSchema>;

/** `GET /stations/{id}/stamp` (the station page's button): the viewer's stamp, if any. */
export const stationStampStateSchema = lazySchema(() =>
  z.object({
    stamped_by_me: z.boolean(),
    collected_on: z.string().nullable(),
    stamp_count: z.number().int(),
  }),
);
export type StationStampState = z.infer<typeof stationStampStateSchema>;

const progressFields = () => ({
  stamped: z.number().int(),
  total: z.number().int(),
});

/** `GET /users/{userId}/stamps/summary`: how much of each prefecture and line is collected. */
export const stampSummarySchema = lazySchema(() =>
  z.object({
    stamped: z.number().int(),
    total: z.number().int(),
    prefectures: z.array(z.object({ id: z.number().int(), name: z.string(), ...progressFields() })),
    /** Lines with at least one stamp, most complete first. */
    lines: z.array(
      z.object({ id: z.number().int(), name: z.string(), color: z.string(), ...progressFields() }),
    ),
    /** Set when the tab is hidden from this viewer (see profile tabs); the counts are then zero. */
    hidden: z.enum(['private', 'blocked']).nullable(),
  }),
);
export type StampSummary = z.infer<typeof stampSummarySchema>;

/** The stamp image sizes served as PNG or WebP (`?size=`). */
export const STAMP_IMAGE_SIZES = [96, 192, 512] as const;
export const stampImageQuerySchema = lazySchema(() =>
  z.object({
    size: z.coerce
      .number({ error: '画像の大きさは数値で指定してください。' })
      .refine((value) => (STAMP_IMAGE_SIZES as readonly number[]).includes(value), {
        message: `画像の大きさは${STAMP_IMAGE_SIZES.join('・')}のいずれかで指定してください。`,
      })
      .default(192),
  }),
);
/** The stamp image is served as `stamp.svg`, and as `stamp.png` / `stamp.webp` for previews. */
export const STAMP_IMAGE_FORMATS = ['svg', 'png', 'webp'] as const;
export type StampImageFormat = (typeof STAMP_IMAGE_FORMATS)[number];
