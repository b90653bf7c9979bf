import { z } from 'zod';
import { pageSchema } from './envelope.js';
import { POST_KINDS, pageQuerySchema, postAuthorSchema, postIdSchema } from './posts.js';
import { stationGroupIdSchema } from './stations.js';
import { textSchema } from './text.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Lists: ordered, titled collections of stations and posts (docs/lists.md). Wire format:
 * snake_case JSON.
 */

export const LIST_TITLE_MAX = 60;
export const LIST_DESCRIPTION_MAX = 1000;
export const LIST_NOTE_MAX = 500;
/** Items one list may hold. */
export const LIST_ITEMS_MAX = 500;
/** Lists one member may own. */
export const LISTS_PER_MEMBER_MAX = 200;

export const listIdSchema = lazySchema(() => z.uuid('URLが正しくありません。'));
export const listParamsSchema = lazySchema(() => z.object({ listId: listIdSchema }));
export const listItemParamsSchema = lazySchema(() =>
  z.object({
    listId: listIdSchema,
    itemId: z.uuid('URLが正しくありません。'),
  }),
);

const titleSchema = lazySchema(() =>
  textSchema({ error: 'タイトルを入力してください。' })
    .trim()
    .min(1, 'タイトルを入力してください。')
    .max(LIST_TITLE_MAX, `タイトルは${LIST_TITLE_MAX}文字以内で入力してください。`),
);
const descriptionSchema = lazySchema(() =>
  textSchema({ multiline: true })
    .trim()
    .max(LIST_DESCRIPTION_MAX, `説明は${LIST_DESCRIPTION_MAX}文字以内で入力してください。`),
);
const noteSchema = lazySchema(() =>
  textSchema({ multiline: true })
    .trim()
    .max(LIST_NOTE_MAX, `メモは${LIST_NOTE_MAX}文字以内で入力してください。`),
);
const isPublicSchema = lazySchema(() => z.boolean({ error: '公開するかどうかを選んでください。' }));

/** `POST /lists`. */
export const listCreateBodySchema = lazySchema(() =>
  z.object({
    title: titleSchema,
    description: descriptionSchema.default(''),
    is_public: isPublicSchema.default(true),
  }),
);

/** `PATCH /lists/{listId}`: only the fields sent change. */
export const listUpdateBodySchema = lazySchema(() =>
  z.object({
    title: titleSchema.optional(),
    description: descriptionSchema.optional(),
    is_public: isPublicSchema.optional(),
  }),
);
export type ListUpdateBody = z.infer<typeof listUpdateBodySchema>;

/** The first photo among a list's items, shown as its cover. */
export const listCoverSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
);

export const listSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    is_public: z.boolean(),
    user: postAuthorSchema,
    item_count: z.number().int(),
    cover: listCoverSchema.nullable(),
    /**
     * True on the author's own item that a moderator hid (docs/moderation.md#hidden-items): only
     * its author still sees it, with a notice. Absent otherwise.
     */
    hidden: z.literal(true).optional(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type List = z.infer<typeof listSchema>;

export const listPageSchema = lazySchema(() => pageSchema(listSchema));
export type ListPage = z.infer<typeof listPageSchema>;

/** `GET /lists`: the signed-in member's own lists, most recently updated first. */
export const listListQuerySchema = lazySchema(() => pageQuerySchema);

/** A station an item points at. */
export const listItemStationSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    prefecture_name: z.string(),
    closed: z.boolean(),
  }),
);

/** A post an item points at. */
export const listItemPostSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(POST_KINDS),
    title: z.string(),
    body: z.string(),
    user: postAuthorSchema,
    station: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    parent: z.object({ id: z.string(), title: z.string() }).nullable(),
    image: listCoverSchema.nullable(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
  }),
);

export const listItemSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** 1-based place in the list; always 1…item_count without gaps. */
    position: z.number().int(),
    note: z.string(),
    station: listItemStationSchema.nullable(),
    post: listItemPostSchema.nullable(),
    /** Where the item sits on the map (the station, or the post's place or its station's). */
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    created_at: z.string(),
  }),
);
export type ListItem = z.infer<typeof listItemSchema>;

/** `GET /lists/{listId}/items`: every item in order (a list holds at most 500). */
export const listItemsSchema = lazySchema(() => z.object({ items: z.array(listItemSchema) }));
export type ListItems = z.infer<typeof listItemsSchema>;

const targetMessage = '駅か投稿のどちらか一つを指定してください。';

/** `POST /lists/{listId}/items`: a station group or a post, with an optional note. */
export const listItemCreateBodySchema = lazySchema(() =>
  z
    .object({
      station_group_id: stationGroupIdSchema.optional(),
      post_id: postIdSchema.optional(),
      note: noteSchema.default(''),
    })
    .refine((body) => (body.station_group_id === undefined) !== (body.post_id === undefined), {
      message: targetMessage,
      path: ['station_group_id'],
    }),
);

/** `PATCH /lists/{listId}/items/{itemId}`. */
export const listItemUpdateBodySchema = lazySchema(() => z.object({ note: noteSchema }));

/** `PUT /lists/{listId}/items/order`: every item id of the list, in the new order. */
export const listOrderBodySchema = lazySchema(() =>
  z.object({
    item_ids: z
      .array(z.uuid('項目の指定が正しくありません。'))
      .max(LIST_ITEMS_MAX, `項目は${LIST_ITEMS_MAX}件までです。`),
  }),
);

/** `GET /lists/containing`: one of a station group or a post. */
export const listContainingQuerySchema = lazySchema(() =>
  z
    .object({
      station_group_id: stationGroupIdSchema.optional(),
      post_id: postIdSchema.optional(),
    })
    .refine((query) => (query.station_group_id === undefined) !== (query.post_id === undefined), {
      message: targetMessage,
      path: ['station_group_id'],
    }),
);

export const listContainingSchema = lazySchema(() =>
  z.object({
    items: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        is_public: z.boolean(),
        item_count: z.number().int(),
        /** The item holding the target in this list, or null when it is not in it. */
        item_id: z.string().nullable(),
      }),
    ),
  }),
);
export type ListContaining = z.infer<typeof listContainingSchema>;

export const LIST_TIMELINE_SCOPES = ['all', 'follow'] as const;
export const listTimelineQuerySchema = lazySchema(() =>
  pageQuerySchema.extend({
    scope: z
      .enum(LIST_TIMELINE_SCOPES, { error: '表示範囲は all か follow を指定してください。' })
      .default('all'),
  }),
);

export const LIST_EXPORT_FORMATS = ['geojson', 'gpx'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];
export const listExportQuerySchema = lazySchema(() =>
  z.object({
    format: z.enum(LIST_EXPORT_FORMATS, {
      error: '形式は geojson か gpx を指定してください。',
    }),
  }),
);
