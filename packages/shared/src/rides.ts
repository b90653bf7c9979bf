import { z } from 'zod';
import { pageSchema } from './envelope.js';
import { lazySchema } from './lazy-schema.js';
import { RANKING_PERIODS, rankingRowSchema } from './rankings.js';
import { textSchema } from './text.js';

/**
 * Rides and 乗りつぶし (docs/rides.md). Wire format: snake_case. A ride is a line, a boarding
 * and an alighting station on it and a date; the section between them follows the line's own
 * graph. Station ids are station (group) ids, as on station pages.
 */

export const RIDE_NOTE_MAX = 500;
export const RIDE_TRAIN_MAX = 60;
/** Rides one journey (from → change at → to) may hold. */
export const RIDE_LEGS_MAX = 10;
export const RIDE_PHOTOS_MAX = 4;
/** Rows one CSV import may hold. */
export const RIDE_IMPORT_ROWS_MAX = 2000;
export const RIDE_WAYS = ['short', 'long'] as const;
export type RideWay = (typeof RIDE_WAYS)[number];

/** 「約 N km」: a ride's length measured station to station (not 営業キロ). */
export function formatRideDistance(metres: number): string {
  const km = metres / 1000;
  if (km < 10) return `約 ${(Math.round(km * 10) / 10).toFixed(1)} km`;
  return `約 ${Math.round(km).toLocaleString('ja-JP')} km`;
}

/** A share 0…1 as 「42.5%」 (one decimal, never 100% before it is whole). */
export function formatRideShare(share: number): string {
  const tenths = Math.floor(share * 1000) / 10;
  return `${tenths.toFixed(1)}%`;
}

export const RIDE_MESSAGES = {
  created: '乗車記録を保存しました。',
  updated: '乗車記録を更新しました。',
  deleted: '乗車記録を削除しました。',
  settingsSaved: '乗車記録の設定を保存しました。',
  notFound: '指定された乗車記録は見つかりませんでした。',
  lineNotFound: '指定された路線は見つかりませんでした。',
  stationNotOnLine: (station: string, line: string) => `${station}は${line}の駅ではありません。`,
  unknownStation: '指定された駅は見つかりませんでした。',
  sameStation: '乗車駅と降車駅に同じ駅は指定できません。',
  notConnected: (line: string) => `${line}の中でこの2駅を結ぶ経路が見つかりませんでした。`,
  noOtherWay: 'この区間には反対回りの経路がありません。',
  closedThen: (station: string, closedOn: string) =>
    `${station}は${closedOn}に廃止されているため、この日付の乗車は記録できません。`,
  futureDate: '未来の日付は指定できません。',
  distanceNote: '距離は駅と駅を結んだ直線距離の合計で、営業キロではありません。',
} as const;

const idSchema = (label: string) =>
  z
    .number({ error: `${label}を数値で指定してください。` })
    .int(`${label}は整数で指定してください。`)
    .positive(`${label}は正の数で指定してください。`)
    .max(2_147_483_647, `${label}が大きすぎます。`);

const dateSchema = () =>
  z
    .string({ error: '乗車日を指定してください。' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, '乗車日はYYYY-MM-DDの形式で指定してください。')
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      '正しい日付を入力してください。',
    )
    .refine((value) => value >= '1872-10-14', '乗車日は1872年10月14日以降で指定してください。');

const trainSchema = () =>
  textSchema()
    .trim()
    .max(RIDE_TRAIN_MAX, `列車名・番号は${RIDE_TRAIN_MAX}文字以内で入力してください。`);
const noteSchema = () =>
  textSchema({ multiline: true })
    .trim()
    .max(RIDE_NOTE_MAX, `メモは${RIDE_NOTE_MAX}文字以内で入力してください。`);

export const rideLegBodySchema = lazySchema(() =>
  z.object({
    line_id: idSchema('路線ID'),
    from_station_id: idSchema('乗車駅'),
    to_station_id: idSchema('降車駅'),
    /** 'long': the other way round a loop (山手線, 大阪環状線…). */
    way: z.enum(RIDE_WAYS, { error: '経路はshortかlongで指定してください。' }).optional(),
    train: trainSchema().optional(),
  }),
);
export type RideLegBody = z.infer<typeof rideLegBodySchema>;

/** `POST /rides`: one ride, or a journey with transfers (each leg a ride on its line). */
export const rideCreateBodySchema = lazySchema(() =>
  z.object({
    ridden_on: dateSchema(),
    legs: z
      .array(rideLegBodySchema)
      .min(1, '乗車区間を1つ以上指定してください。')
      .max(RIDE_LEGS_MAX, `乗り換えは${RIDE_LEGS_MAX}区間までです。`),
    note: noteSchema().optional(),
    /** Absent: the member's default (private unless they chose otherwise). */
    public: z.boolean({ error: '公開設定は真偽値で指定してください。' }).optional(),
  }),
);
export type RideCreateBody = z.infer<typeof rideCreateBodySchema>;

export const rideUpdateBodySchema = lazySchema(() =>
  z.object({
    line_id: idSchema('路線ID').optional(),
    from_station_id: idSchema('乗車駅').optional(),
    to_station_id: idSchema('降車駅').optional(),
    way: z.enum(RIDE_WAYS, { error: '経路はshortかlongで指定してください。' }).optional(),
    ridden_on: dateSchema().optional(),
    train: trainSchema().optional(),
    note: noteSchema().optional(),
    public: z.boolean({ error: '公開設定は真偽値で指定してください。' }).optional(),
  }),
);
export type RideUpdateBody = z.infer<typeof rideUpdateBodySchema>;

export const rideParamsSchema = lazySchema(() =>
  z.object({ rideId: z.uuid('URLが正しくありません。') }),
);

export const rideListQuerySchema = lazySchema(() =>
  z.object({
    cursor: textSchema().max(200).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(100, '件数は100件以下で指定してください。')
      .default(50),
    line_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  }),
);

const rideStationSchema = () => z.object({ id: z.number().int(), name: z.string() });

export const rideSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    journey_id: z.string().nullable(),
    leg: z.number().int(),
    line: z.object({
      id: z.number().int(),
      name: z.string(),
      color: z.string(),
      company_name: z.string().nullable(),
    }),
    from: rideStationSchema(),
    to: rideStationSchema(),
    way: z.enum(RIDE_WAYS),
    /** Stations passed, boarding first (station ids). */
    stations: z.array(rideStationSchema()),
    section_count: z.number().int(),
    distance_m: z.number().int(),
    ridden_on: z.string(),
    train: z.string(),
    note: z.string(),
    public: z.boolean(),
    /** The owner's only; others see a public ride without it. */
    mine: z.boolean(),
    created_at: z.string(),
  }),
);
export type Ride = z.infer<typeof rideSchema>;

export const rideJourneySchema = lazySchema(() =>
  z.object({ journey_id: z.string().nullable(), rides: z.array(rideSchema) }),
);
export type RideJourney = z.infer<typeof rideJourneySchema>;

export const ridePageSchema = lazySchema(() => pageSchema(rideSchema));
export type RidePage = z.infer<typeof ridePageSchema>;

const progress = () => ({
  ridden_m: z.number().int(),
  total_m: z.number().int(),
  ridden_sections: z.number().int(),
  total_sections: z.number().int(),
});

export const rideSummarySchema = lazySchema(() =>
  z.object({
    ...progress(),
    ride_count: z.number().int(),
    /** Every ride's length added up (a section ridden twice counts twice), closed lines too. */
    distance_m: z.number().int(),
    completed_lines: z.number().int(),
    lines: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        color: z.string(),
        company_id: z.number().int().nullable(),
        closed: z.boolean(),
        ...progress(),
        /** The date of the ride that completed the line (完乗), else null. */
        completed_on: z.string().nullable(),
      }),
    ),
    companies: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        ...progress(),
        completed_lines: z.number().int(),
        line_count: z.number().int(),
      }),
    ),
    prefectures: z.array(z.object({ id: z.number().int(), name: z.string(), ...progress() })),
    /** Set when the totals are hidden from this viewer; the figures are then zero. */
    hidden: z.enum(['private', 'blocked']).nullable(),
  }),
);
export type RideSummary = z.infer<typeof rideSummarySchema>;

/** The member's ridden sections of one line, for its page's map and station list. */
export const rideLineSectionsSchema = lazySchema(() =>
  z.object({
    line_id: z.number().int(),
    /** Station id pairs along the line, each ridden at least once. */
    sections: z.array(z.tuple([z.number().int(), z.number().int()])),
    ...progress(),
    completed_on: z.string().nullable(),
  }),
);
export type RideLineSections = z.infer<typeof rideLineSectionsSchema>;

export const rideSettingsSchema = lazySchema(() =>
  z.object({ public_by_default: z.boolean(), totals_public: z.boolean() }),
);
export type RideSettings = z.infer<typeof rideSettingsSchema>;
export const rideSettingsBodySchema = lazySchema(() =>
  z.object({
    public_by_default: z.boolean({ error: '真偽値で指定してください。' }).optional(),
    totals_public: z.boolean({ error: '真偽値で指定してください。' }).optional(),
  }),
);

/** `POST /me/rides/import`: CSV text with a header row (date, line, from, to, note). */
export const rideImportBodySchema = lazySchema(() =>
  z.object({
    csv: textSchema({ multiline: true }).max(500_000, 'CSVが大きすぎます（500KBまで）。'),
    dry_run: z.boolean().optional(),
  }),
);
export const rideImportResultSchema = lazySchema(() =>
  z.object({
    imported: z.number().int(),
    /** One entry per row that could not be matched: its line number (header = 1) and why. */
    errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  }),
);
export type RideImportResult = z.infer<typeof rideImportResultSchema>;

/** The member's ridden sections as GeoJSON: one feature per line, its runs station to station. */
export const rideSectionCollectionSchema = lazySchema(() =>
  z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z.object({
        type: z.literal('Feature'),
        id: z.number().int(),
        properties: z.object({ line_id: z.number().int(), name: z.string(), color: z.string() }),
        geometry: z.object({
          type: z.literal('MultiLineString'),
          coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
        }),
      }),
    ),
  }),
);
export type RideSectionCollection = z.infer<typeof rideSectionCollectionSchema>;

export const rideExportQuerySchema = lazySchema(() =>
  z.object({
    format: z.enum(['csv', 'geojson'], { error: '形式はcsvかgeojsonで指定してください。' }),
  }),
);

/** The 「乗車距離」 board's formula, as its page states it (docs/rides.md#ranking). */
export const RIDE_DISTANCE_FORMULA_TEXT =
  '乗車距離 ＝ 期間中の日付の公開した乗車記録の距離（駅と駅を結んだ直線距離の合計、km未満切り捨て）の合計。非公開の乗車は数えません。同じ区間に何度乗っても、乗った回数分を数えます。';

/** `GET /rankings/distance`: public rides only, by ride date in the period. */
export const rideRankingPageSchema = lazySchema(() =>
  z.object({
    board: z.literal('distance'),
    period: z.enum(RANKING_PERIODS),
    starts_on: z.string().nullable(),
    formula: z.string(),
    items: z.array(rankingRowSchema),
    next_cursor: z.string().nullable(),
    me: rankingRowSchema.nullable(),
  }),
);
export type RideRankingPage = z.infer<typeof rideRankingPageSchema>;
