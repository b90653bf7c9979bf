import { z } from 'zod';
import { textSchema } from './text.js';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './constants.js';
import { pageSchema } from './envelope.js';
import { listSchema } from './lists.js';
import { postSchema } from './posts.js';
import { stampSchema } from './stamps.js';
import { lazySchema } from './lazy-schema.js';

/**
 * People: profiles and their tabs, follows, the directory, blocks and mutes (docs/people.md).
 * Wire format: snake_case; lists are cursor pages `{ items, next_cursor }`.
 */

export const USER_SEARCH_QUERY_MAX = 50;

export const userIdSchema = lazySchema(() => z.uuid('URLが正しくありません。'));
export const userParamsSchema = lazySchema(() => z.object({ userId: userIdSchema }));

const limitSchema = lazySchema(() =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_LIMIT_MAX, `件数は${PAGE_LIMIT_MAX}件以下で指定してください。`)
    .default(PAGE_LIMIT_DEFAULT),
);

export const userPageQuerySchema = lazySchema(() =>
  z.object({
    cursor: z.string().max(200).optional(),
    limit: limitSchema,
  }),
);

/** `GET /users?q=`: without q the most-followed first; with q a name search. */
export const userDirectoryQuerySchema = lazySchema(() =>
  userPageQuerySchema.extend({
    q: textSchema()
      .trim()
      .max(USER_SEARCH_QUERY_MAX, `検索語は${USER_SEARCH_QUERY_MAX}文字以内で入力してください。`)
      .optional(),
  }),
);

/** The viewer's relation to a member (all false for visitors and for oneself). */
const relationFields = () => ({
  followed_by_me: z.boolean(),
  follows_me: z.boolean(),
  blocked_by_me: z.boolean(),
  muted_by_me: z.boolean(),
});

export const profileSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    bio: z.string(),
    avatar: z.string().nullable(),
    created_at: z.string(),
    post_count: z.number().int(),
    follower_count: z.number().int(),
    following_count: z.number().int(),
    stamp_count: z.number().int(),
    list_count: z.number().int(),
    /** Whether others may see the liked and want tabs. */
    actions_public: z.boolean(),
    ...relationFields(),
  }),
);
export type Profile = z.infer<typeof profileSchema>;

/** A member in the directory, follower lists and block / mute lists. */
export const userSummarySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    bio: z.string(),
    avatar: z.string().nullable(),
    follower_count: z.number().int(),
    followed_by_me: z.boolean(),
  }),
);
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userPageSchema = lazySchema(() => pageSchema(userSummarySchema));
export type UserPage = z.infer<typeof userPageSchema>;

/**
 * A profile tab's page. `hidden` says why it is empty when it is not the member's choice of
 * content: `private` (the owner keeps the tab to themself) or `blocked` (the viewer blocked
 * the owner). Null when the items are what they are.
 */
const tabFields = () => ({ hidden: z.enum(['private', 'blocked']).nullable() });
export type TabHidden = 'private' | 'blocked' | null;

export const profilePostPageSchema = lazySchema(() => pageSchema(postSchema).extend(tabFields()));
export type ProfilePostPage = z.infer<typeof profilePostPageSchema>;

export const profileStationSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    prefecture_name: z.string(),
    /** When the member marked it (行きたい). */
    wanted_at: z.string(),
  }),
);
export const profileStationPageSchema = lazySchema(() =>
  pageSchema(profileStationSchema).extend(tabFields()),
);
export type ProfileStationPage = z.infer<typeof profileStationPageSchema>;

/** The lists tab shows the same list cards as the list timelines (docs/lists.md). */
export const profileListPageSchema = lazySchema(() => pageSchema(listSchema).extend(tabFields()));
export type ProfileListPage = z.infer<typeof profileListPageSchema>;

/** The stamps tab lists stamps as the stamp book does (stamps.ts). */
export const profileStampSchema = lazySchema(() => stampSchema);
export const profileStampPageSchema = lazySchema(() =>
  pageSchema(profileStampSchema).extend(tabFields()),
);
export type ProfileStampPage = z.infer<typeof profileStampPageSchema>;

export const followStateSchema = lazySchema(() =>
  z.object({
    followed_by_me: z.boolean(),
    follower_count: z.number().int(),
  }),
);
export type FollowState = z.infer<typeof followStateSchema>;

export const blockStateSchema = lazySchema(() => z.object({ blocked_by_me: z.boolean() }));
export const muteStateSchema = lazySchema(() => z.object({ muted_by_me: z.boolean() }));

/** `PUT /users/me/privacy`. */
export const privacyBodySchema = lazySchema(() =>
  z.object({
    actions_public: z.boolean({ error: '公開するかどうかを選んでください。' }),
  }),
);
export const privacySchema = lazySchema(() => privacyBodySchema);
export type Privacy = z.infer<typeof privacySchema>;

/** The profile tabs, in display order, with the spec's titles. */
export const PROFILE_TABS = [
  { key: 'posts', label: '投稿' },
  { key: 'liked', label: 'いいね' },
  { key: 'want-to-participate-events', label: '参加したいイベント' },
  { key: 'want-to-visit-spots', label: '行きたいスポット' },
  { key: 'want-to-visit-stations', label: '行きたい駅' },
  { key: 'lists', label: 'リスト' },
  { key: 'stamps', label: 'スタンプ' },
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number]['key'];
