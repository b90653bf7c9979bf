import { z } from 'zod';
import { JAPAN_BOUNDS, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './constants.js';
import { pageSchema } from './envelope.js';
import { stationGroupIdSchema } from './stations.js';
import { textSchema } from './text.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Posts, comments and reactions (docs/posts.md). Wire format: snake_case. Create and update are
 * multipart (docs/posts.md#multipart-forms): photos as `images[0]`, `images[1]`, …; text fields
 * arrive as strings, so numbers and dates are coerced here.
 */

export const POST_KINDS = ['spot', 'event', 'image'] as const;
export type PostKind = (typeof POST_KINDS)[number];

export const POST_KIND_LABELS: Record<PostKind, string> = {
  spot: 'スポット',
  event: 'イベント',
  image: '写真',
};
/**
 * What a post is called where it has no title of its own: a photo post is 「{station}駅の写真」
 * or 「{parent}の写真」, never a bare 「写真」; other kinds fall back to their kind.
 */
export function postDisplayTitle(post: {
  kind: PostKind;
  title: string;
  station?: { name: string } | null;
  parent?: { title: string } | null;
}): string {
  if (post.title) return post.title;
  if (post.kind === 'image') {
    if (post.parent?.title) return `${post.parent.title}の写真`;
    if (post.station) return `${post.station.name}駅の写真`;
  }
  return POST_KIND_LABELS[post.kind];
}

/** 「{title}の写真」, without doubling it when the title already names a photo. */
export function photoOf(title: string): string {
  return title.endsWith('写真') ? title : `${title}の写真`;
}

/** What the want button says on each kind (images have none). */
export const POST_WANT_LABELS = { spot: '行きたい', event: '参加したい' } as const;

export const POST_TITLE_MAX = 80;
export const POST_BODY_MAX = 4000;
export const POST_IMAGES_MAX = 10;
export const POST_IMAGE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The sizes an uploaded image is served in (`/image/:id?size=…`, docs/posts.md#photo-sizes):
 * the display image, the middle size and the thumbnail.
 */
export const IMAGE_SIZES = ['full', 'medium', 'thumb'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/**
 * The long side of a photo's middle size (`/image/:id?size=medium`), between the 480 px
 * thumbnail and the display image of up to 2,048 px: a phone showing a photo across its screen
 * (about 360 CSS px at two or three device pixels each) needs no more (docs/posts.md#photo-sizes).
 */
export const IMAGE_MEDIUM_MAX_SIDE = 1280;

/**
 * The width of a photo's middle size, or null when the display image is no larger than it (the
 * middle size is then the display image itself, and not worth offering separately).
 */
export function mediumImageWidth(image: { width: number; height: number }): number | null {
  const longSide = Math.max(image.width, image.height);
  if (longSide <= IMAGE_MEDIUM_MAX_SIDE) return null;
  return Math.max(1, Math.round((image.width * IMAGE_MEDIUM_MAX_SIDE) / longSide));
}
export const COMMENT_BODY_MAX = 1000;
/** Map markers returned for one viewport at most; more sets `truncated`. */
export const MAP_MARKERS_MAX = 2000;

export const postIdSchema = lazySchema(() => z.uuid('URLが正しくありません。'));
export const postParamsSchema = lazySchema(() => z.object({ postId: postIdSchema }));
export const commentParamsSchema = lazySchema(() =>
  z.object({
    postId: postIdSchema,
    commentId: z.uuid('URLが正しくありません。'),
  }),
);

/** A multipart text field that may be sent empty to clear the value (PATCH). */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => null), schema]);

const latSchema = lazySchema(() =>
  z.coerce
    .number({ error: '緯度は数値で指定してください。' })
    .min(JAPAN_BOUNDS.south, '日本国内の場所を選んでください。')
    .max(JAPAN_BOUNDS.north, '日本国内の場所を選んでください。'),
);
const lngSchema = lazySchema(() =>
  z.coerce
    .number({ error: '経度は数値で指定してください。' })
    .min(JAPAN_BOUNDS.west, '日本国内の場所を選んでください。')
    .max(JAPAN_BOUNDS.east, '日本国内の場所を選んでください。'),
);
const dateTimeSchema = lazySchema(() =>
  z.iso.datetime({
    offset: true,
    error:
      '日時はタイムゾーン付きのISO 8601形式（例：2026-05-01T10:00:00+09:00）で指定してください。',
  }),
);

/**
 * The text fields of `POST /posts`. Kind-specific rules (a spot needs a place in Japan, an
 * event needs start < end and a station, a point or a parent spot, an image post needs a
 * photo and a station or a parent post) are checked by the server after this.
 */
export const postCreateFieldsSchema = lazySchema(() =>
  z.object({
    kind: z.enum(POST_KINDS, { error: '投稿の種類を選んでください。' }),
    title: textSchema()
      .trim()
      .max(POST_TITLE_MAX, `タイトルは${POST_TITLE_MAX}文字以内で入力してください。`)
      .default(''),
    body: textSchema({ multiline: true })
      .trim()
      .max(POST_BODY_MAX, `本文は${POST_BODY_MAX}文字以内で入力してください。`)
      .default(''),
    station_group_id: clearable(stationGroupIdSchema).optional(),
    parent_post_id: clearable(postIdSchema).optional(),
    lat: clearable(latSchema).optional(),
    lng: clearable(lngSchema).optional(),
    starts_at: clearable(dateTimeSchema).optional(),
    ends_at: clearable(dateTimeSchema).optional(),
  }),
);
export type PostCreateFields = z.infer<typeof postCreateFieldsSchema>;

/**
 * The text fields of `PATCH /posts/{postId}`: only the fields sent change ('' clears a
 * nullable one). The kind never changes. Photos: if any `images[i]` is sent, the post's
 * photos become exactly those, in index order — each either a new file or the id (as text)
 * of one of the post's current photos. `images_cleared=true` removes every photo.
 */
export const postUpdateFieldsSchema = lazySchema(() =>
  postCreateFieldsSchema.omit({ kind: true, title: true, body: true }).extend({
    title: postCreateFieldsSchema.shape.title.removeDefault().optional(),
    body: postCreateFieldsSchema.shape.body.removeDefault().optional(),
    images: z.array(z.uuid('写真の指定が正しくありません。')).optional(),
    images_cleared: z.enum(['true', 'false']).optional(),
  }),
);
export type PostUpdateFields = z.infer<typeof postUpdateFieldsSchema>;

export const postImageSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    thumb_width: z.number().int(),
    thumb_height: z.number().int(),
  }),
);
export type PostImage = z.infer<typeof postImageSchema>;

export const postAuthorSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    avatar: z.string().nullable(),
  }),
);

export const postStationSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    prefecture_name: z.string(),
  }),
);

export const postParentSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(POST_KINDS),
    title: z.string(),
  }),
);

export const postSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(POST_KINDS),
    title: z.string(),
    body: z.string(),
    images: z.array(postImageSchema),
    user: postAuthorSchema,
    station_group_id: z.number().int().nullable(),
    station: postStationSchema.nullable(),
    parent_post_id: z.string().nullable(),
    parent: postParentSchema.nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    like_count: z.number().int(),
    /** Whether the signed-in user liked it (false for visitors). */
    liked: z.boolean(),
    want_count: z.number().int(),
    wanted: z.boolean(),
    comment_count: z.number().int(),
    /** Posts attached to this one (photos of a spot, events at it). */
    child_count: z.number().int(),
    /**
     * True on the author's own item that a moderator hid (docs/moderation.md#hidden-items): only
     * its author still sees it, with a notice. Absent otherwise.
     */
    hidden: z.literal(true).optional(),
    /**
     * True on a post brought in from an archive (「取り込み」, docs/archive.md#importing): its
     * dates are the original ones. Absent otherwise.
     */
    imported: z.literal(true).optional(),
    /**
     * True when the post holds a word the reader muted with 「たたんで表示」 (docs/search.md#word-mutes):
     * shown folded, with a tap to open. Absent otherwise.
     */
    word_muted: z.literal(true).optional(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type Post = z.infer<typeof postSchema>;

export const pageQuerySchema = lazySchema(() =>
  z.object({
    cursor: textSchema().max(200).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(PAGE_LIMIT_MAX, `件数は${PAGE_LIMIT_MAX}件以下で指定してください。`)
      .default(PAGE_LIMIT_DEFAULT),
  }),
);

/** `GET /posts` (newest first) and `GET /stations/{id}/posts`. */
export const postListQuerySchema = lazySchema(() =>
  pageQuerySchema.extend({
    kind: z.enum(POST_KINDS).optional(),
    station_group_id: stationGroupIdSchema.optional(),
    parent_post_id: postIdSchema.optional(),
    user_id: z.uuid().optional(),
  }),
);

export const postPageSchema = lazySchema(() => pageSchema(postSchema));
export type PostPage = z.infer<typeof postPageSchema>;

export const commentBodySchema = lazySchema(() =>
  z.object({
    body: textSchema({ multiline: true, error: 'コメントを入力してください。' })
      .trim()
      .min(1, 'コメントを入力してください。')
      .max(COMMENT_BODY_MAX, `コメントは${COMMENT_BODY_MAX}文字以内で入力してください。`),
  }),
);

export const commentSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    post_id: z.string(),
    body: z.string(),
    user: postAuthorSchema,
    /**
     * True on the author's own item that a moderator hid (docs/moderation.md#hidden-items): only
     * its author still sees it, with a notice. Absent otherwise.
     */
    hidden: z.literal(true).optional(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type Comment = z.infer<typeof commentSchema>;

/** Comments are listed oldest first, as a conversation reads. */
export const commentPageSchema = lazySchema(() => pageSchema(commentSchema));
export type CommentPage = z.infer<typeof commentPageSchema>;

export const likeStateSchema = lazySchema(() =>
  z.object({ liked: z.boolean(), like_count: z.number().int() }),
);
export const wantStateSchema = lazySchema(() =>
  z.object({ wanted: z.boolean(), want_count: z.number().int() }),
);
export type LikeState = z.infer<typeof likeStateSchema>;
export type WantState = z.infer<typeof wantStateSchema>;
