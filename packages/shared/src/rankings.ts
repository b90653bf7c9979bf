import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './constants.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Rankings (docs/rankings.md): 影響度数 (impact) and 投稿数 (posts), per Japan-time week, month
 * or all time. Wire format: snake_case; a page of rows `{ items, next_cursor }` plus the
 * signed-in member's own row.
 */

export const RANKING_BOARDS = ['impact', 'posts'] as const;
export type RankingBoard = (typeof RANKING_BOARDS)[number];

export const RANKING_PERIODS = ['week', 'month', 'all'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];

export const RANKING_PERIOD_LABELS: Record<RankingPeriod, string> = {
  week: '今週',
  month: '今月',
  all: '全期間',
};

/** Points of each reaction a member's posts receive, and of a new follower. */
export const IMPACT_POINTS = { like: 1, want: 2, comment: 3, follow: 5 } as const;

/** The formula as the ranking pages state it. */
export const IMPACT_FORMULA_TEXT =
  '影響度数 ＝ あなたの投稿に付いた「いいね」×1 ＋「行きたい・参加したい」×2 ＋ コメント×3（同じ人の同じ投稿へのコメントは1回分）＋ 新しいフォロワー×5。自分自身の反応は数えず、取り消された反応は差し引きます。';
export const POSTS_FORMULA_TEXT =
  '投稿数 ＝ 期間中に投稿したスポット・イベント・写真の数（削除した投稿は数えません）。';
export const RANKING_PERIOD_TEXT =
  '週は月曜日0:00（日本時間）から、月は1日0:00（日本時間）から数えます。同じスコアは同じ順位で、先にそのスコアに達した人が上に並びます。';

export const rankingQuerySchema = lazySchema(() =>
  z.object({
    period: z
      .enum(RANKING_PERIODS, { error: '期間は week・month・all のいずれかで指定してください。' })
      .default('week'),
    cursor: z.string().max(200).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(PAGE_LIMIT_MAX, `件数は${PAGE_LIMIT_MAX}件以下で指定してください。`)
      .default(PAGE_LIMIT_DEFAULT),
  }),
);
export type RankingQuery = z.infer<typeof rankingQuerySchema>;

export const rankingRowSchema = lazySchema(() =>
  z.object({
    rank: z.number().int(),
    user: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }),
    score: z.number().int(),
    /** Score minus the member's score in the previous period; null for all time. */
    change: z.number().int().nullable(),
  }),
);
export type RankingRow = z.infer<typeof rankingRowSchema>;

export const rankingPageSchema = lazySchema(() =>
  z.object({
    board: z.enum(RANKING_BOARDS),
    period: z.enum(RANKING_PERIODS),
    /** `YYYY-MM-DD` (Japan date) the period starts on; null for all time. */
    starts_on: z.string().nullable(),
    items: z.array(rankingRowSchema),
    next_cursor: z.string().nullable(),
    /** The signed-in member's own row (null for visitors and members with no score yet). */
    me: rankingRowSchema.nullable(),
  }),
);
export type RankingPage = z.infer<typeof rankingPageSchema>;
