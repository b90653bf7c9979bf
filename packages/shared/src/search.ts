import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { pageSchema } from './envelope.js';
import { commentSchema, pageQuerySchema, POST_KINDS, postSchema } from './posts.js';
import { HASHTAG_MAX, isHashtagName } from './search-text.js';
import { stationGroupIdSchema } from './stations.js';
import { textSchema } from './text.js';

/**
 * Post search, hashtags and word mutes (docs/search.md). Wire format: snake_case.
 */

/** The longest search query, in characters. */
export const SEARCH_QUERY_MAX = 100;

const dateSchema = lazySchema(() =>
  z.iso.date({ error: '日付は 2026-05-01 の形式で指定してください。' }),
);

/** `GET /search/posts`: words (and `#tags`) plus filters; ordered by relevance, then newest. */
export const postSearchQuerySchema = lazySchema(() =>
  pageQuerySchema.extend({
    q: textSchema({ error: '検索する言葉を入力してください。' })
      .trim()
      .min(1, '検索する言葉を入力してください。')
      .max(SEARCH_QUERY_MAX, `検索する言葉は${SEARCH_QUERY_MAX}文字以内で入力してください。`),
    kind: z.enum(POST_KINDS, { error: '投稿の種類が正しくありません。' }).optional(),
    station_group_id: stationGroupIdSchema.optional(),
    line_id: z.coerce
      .number({ error: '路線IDは数値で指定してください。' })
      .int('路線IDは数値で指定してください。')
      .positive('路線IDは数値で指定してください。')
      .optional(),
    prefecture_id: z.coerce
      .number({ error: '都道府県は1から47の番号で指定してください。' })
      .int('都道府県は1から47の番号で指定してください。')
      .min(1, '都道府県は1から47の番号で指定してください。')
      .max(47, '都道府県は1から47の番号で指定してください。')
      .optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    user_id: z.uuid('投稿者の指定が正しくありません。').optional(),
    with_photo: z
      .enum(['true', 'false'], { error: 'true か false で指定してください。' })
      .optional(),
  }),
);
export type PostSearchQuery = z.infer<typeof postSearchQuerySchema>;

/** A hit: a post, or a comment shown as 「…へのコメント」 with the post it is on. */
export const searchHitSchema = lazySchema(() =>
  z.object({
    type: z.enum(['post', 'comment']),
    post: postSchema,
    comment: commentSchema.nullable(),
  }),
);
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchHitPageSchema = lazySchema(() => pageSchema(searchHitSchema));
export type SearchHitPage = z.infer<typeof searchHitPageSchema>;

/** A tag's name in an address: NFKC letters and digits, not digits alone. */
export const tagNameSchema = lazySchema(() =>
  z
    .string()
    .transform((value) => value.normalize('NFKC').toLowerCase().replace(/^#/u, ''))
    .refine(isHashtagName, `タグは${HASHTAG_MAX}文字以内の文字と数字で指定してください。`),
);
export const tagParamsSchema = lazySchema(() => z.object({ tag: tagNameSchema }));

export const tagSummarySchema = lazySchema(() =>
  z.object({
    name: z.string(),
    /** Posts and comments with the tag that everyone may see. */
    post_count: z.number().int(),
    /** Whether the signed-in member follows it (false for visitors). */
    followed: z.boolean(),
  }),
);
export type TagSummary = z.infer<typeof tagSummarySchema>;

export const trendingTagSchema = lazySchema(() =>
  z.object({ name: z.string(), member_count: z.number().int() }),
);
export const trendingTagsSchema = lazySchema(() => z.object({ items: z.array(trendingTagSchema) }));
export type TrendingTags = z.infer<typeof trendingTagsSchema>;

export const followedTagsSchema = lazySchema(() =>
  z.object({ items: z.array(z.object({ name: z.string() })) }),
);

export const WORD_MUTE_DURATIONS = ['1h', '1d', '7d', 'forever'] as const;
export type WordMuteDuration = (typeof WORD_MUTE_DURATIONS)[number];
export const WORD_MUTE_DURATION_LABELS: Record<WordMuteDuration, string> = {
  '1h': '1時間',
  '1d': '1日',
  '7d': '7日間',
  forever: '解除するまで',
};
export const WORD_MUTE_MODES = ['hide', 'fold'] as const;
export const WORD_MUTE_MODE_LABELS = { hide: '表示しない', fold: 'たたんで表示' } as const;
export const WORD_MUTE_PHRASE_MAX = 50;
/** Word mutes one member may keep. */
export const WORD_MUTES_MAX = 200;
/** What a folded post says in place of itself. */
export const WORD_MUTED_NOTICE = 'ミュートしたワードを含む投稿';

export const wordMuteBodySchema = lazySchema(() =>
  z.object({
    phrase: textSchema({ error: 'ミュートする言葉を入力してください。' })
      .trim()
      .min(1, 'ミュートする言葉を入力してください。')
      .max(
        WORD_MUTE_PHRASE_MAX,
        `ミュートする言葉は${WORD_MUTE_PHRASE_MAX}文字以内で入力してください。`,
      ),
    duration: z.enum(WORD_MUTE_DURATIONS, { error: 'ミュートする期間を選んでください。' }),
    mode: z.enum(WORD_MUTE_MODES, { error: '表示のしかたを選んでください。' }),
  }),
);
export type WordMuteBody = z.infer<typeof wordMuteBodySchema>;

export const wordMuteSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    phrase: z.string(),
    mode: z.enum(WORD_MUTE_MODES),
    /** Null: until the member removes it. */
    expires_at: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type WordMute = z.infer<typeof wordMuteSchema>;
export const wordMuteListSchema = lazySchema(() => z.object({ items: z.array(wordMuteSchema) }));
export const wordMuteParamsSchema = lazySchema(() =>
  z.object({ wordMuteId: z.uuid('URLが正しくありません。') }),
);
