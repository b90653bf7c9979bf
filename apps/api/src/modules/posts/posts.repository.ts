import {
  and,
  asc,
  desc,
  eq,
  inArray,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { shownTo, type Moderatable } from '../../db/moderated.js';
import { notRelatedTo } from '../../db/related-members.js';
import {
  blocks,
  comments,
  follows,
  images,
  likes,
  mutes,
  postImages,
  postWants,
  posts,
  prefectures,
  searchDocuments,
  stationGroups,
  tagFollows,
  users,
} from '../../db/schema/index.js';
import type { PageKey } from '../../lib/page-cursor.js';

/**
 * Drizzle queries for posts and their photos (docs/conventions.md#api-modules); those of taking
 * posts away are in post-removal.repository.ts.
 */

export type PostRow = typeof posts.$inferSelect;
export type PostKind = PostRow['kind'];
export type PostValues = Pick<
  PostRow,
  'title' | 'body' | 'stationGroupId' | 'parentPostId' | 'lat' | 'lng' | 'startsAt' | 'endsAt'
>;

/** created_at in microseconds since the epoch, exact (see lib/page-cursor.ts). */
export const createdAtMicros = (column: SQLWrapper) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/**
 * The instant a cursor's microseconds stand for. Parsed as an interval from text, which is
 * exact: multiplying by a float8 would round once the count passes 2^53.
 */
export const microsToTimestamp = (micros: string) =>
  sql`(timestamptz 'epoch' + (${micros}::text || ' microseconds')::interval)`;

export async function stationGroupExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stationGroups.id })
    .from(stationGroups)
    .where(eq(stationGroups.id, id));
  return row !== undefined;
}

export async function findPost(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<PostRow | null> {
  const query = db.select().from(posts).where(eq(posts.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** A post's photo ids in display order. */
export async function findPostImageIds(db: Database, postId: string): Promise<string[]> {
  const rows = await db
    .select({ imageId: postImages.imageId })
    .from(postImages)
    .where(eq(postImages.postId, postId))
    .orderBy(asc(postImages.position));
  return rows.map((row) => row.imageId);
}

export async function insertPost(
  db: Database,
  values: PostValues & { userId: string; kind: PostKind },
): Promise<PostRow> {
  const [row] = await db.insert(posts).values(values).returning();
  if (!row) throw new Error('insert into posts returned no row');
  return row;
}

export async function updatePost(db: Database, id: string, values: PostValues): Promise<void> {
  await db
    .update(posts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(posts.id, id));
}

/** Makes the post's photos exactly these, in this order. */
export async function replacePostImages(
  db: Database,
  postId: string,
  imageIds: string[],
): Promise<void> {
  await db.delete(postImages).where(eq(postImages.postId, postId));
  if (imageIds.length === 0) return;
  await db
    .insert(postImages)
    .values(imageIds.map((imageId, position) => ({ postId, imageId, position })));
}

export async function deletePost(db: Database, id: string): Promise<void> {
  await db.delete(posts).where(eq(posts.id, id));
}

export interface PostListFilter {
  kind?: PostKind;
  /** Any of these kinds (the timelines' chips); empty or absent is every kind. */
  kinds?: readonly PostKind[];
  /** Only the posts of this member, of the members and of the tags they follow (the follow timeline). */
  followedBy?: string;
  stationGroupId?: number;
  parentPostId?: string;
  userId?: string;
}

/** Posts by members the viewer blocked or muted are left out of the viewer's lists. */
export function notHiddenFrom(viewerId: string | null, authorColumn: SQLWrapper): SQL | undefined {
  if (!viewerId) return undefined;
  return notRelatedTo(authorColumn, viewerId, ['blocked', 'muted']);
}

/**
 * The item is not shown to `viewer` (docs/moderation.md#hidden-items). A null viewer bound to a
 * placeholder makes `shownTo`'s own-item test null, hence the coalesce.
 */
const notShownTo = (item: Moderatable, viewer: string | null | SQLWrapper) =>
  sql`not coalesce(${shownTo(item, viewer)}, false)`;

const parent = alias(posts, 'parent');
const child = alias(posts, 'child');

/** The parent is joined only when the viewer may see it: a hidden one shows as no parent. */
const parentShownTo = (viewer: string | null | Placeholder) =>
  and(eq(parent.id, posts.parentPostId), shownTo(parent, viewer));

/** Everything a post response shows — author, station, parent, child count, viewer's reactions. */
/** `viewer` is the member's id, null for a visitor, or a placeholder bound when executed. */
function postViewColumns(viewer: string | null | Placeholder) {
  return {
    post: posts,
    authorName: users.name,
    authorAvatar: users.avatarImageId,
    stationName: stationGroups.name,
    prefectureName: prefectures.name,
    parentKind: parent.kind,
    parentTitle: parent.title,
    childCount:
      sql<number>`(select count(*) from ${posts} as child where ${child.parentPostId} = ${posts.id} and ${shownTo(child, viewer)})`.mapWith(
        Number,
      ),
    liked: viewer
      ? sql<boolean>`exists (select 1 from ${likes} where ${likes.postId} = ${posts.id} and ${likes.userId} = ${viewer})`
      : sql<boolean>`false`,
    wanted: viewer
      ? sql<boolean>`exists (select 1 from ${postWants} where ${postWants.postId} = ${posts.id} and ${postWants.userId} = ${viewer})`
      : sql<boolean>`false`,
    // Comments by members the viewer blocked or muted, or hidden from the viewer by a moderator
    // (docs/moderation.md#hidden-items), are not shown to them, so not counted.
    hiddenCommentCount: viewer
      ? sql<number>`(select count(*) from ${comments} where ${comments.postId} = ${posts.id} and (
          exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewer} and ${blocks.blockedId} = ${comments.userId})
          or exists (select 1 from ${mutes} where ${mutes.muterId} = ${viewer} and ${mutes.mutedId} = ${comments.userId})
          or ${notShownTo(comments, viewer)}))`.mapWith(Number)
      : sql<number>`(select count(*) from ${comments} where ${comments.postId} = ${posts.id} and ${notShownTo(comments, null)})`.mapWith(
          Number,
        ),
    micros: createdAtMicros(posts.createdAt),
    // The photos in order, in the same round trip: a post page costs one query.
    images: sql<PostViewImage[]>`coalesce((
      select json_agg(json_build_object(
        'id', ${images.id}, 'width', ${images.width}, 'height', ${images.height},
        'thumb_width', ${images.thumbWidth}, 'thumb_height', ${images.thumbHeight}
      ) order by ${postImages.position})
      from ${postImages} inner join ${images} on ${images.id} = ${postImages.imageId}
      where ${postImages.postId} = ${posts.id}), '[]'::json)`,
  };
}

/** A photo of a post as `postViewColumns` reads it (the API's shape). */
export interface PostViewImage {
  id: string;
  width: number;
  height: number;
  thumb_width: number;
  thumb_height: number;
}

/** The columns and joins of one post view for a viewer given as the `viewer` placeholder. */
function selectPostViews(db: Database) {
  return db
    .select(postViewColumns(sql.placeholder('viewer')))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(stationGroups, eq(stationGroups.id, posts.stationGroupId))
    .leftJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId))
    .leftJoin(parent, parentShownTo(sql.placeholder('viewer')));
}

const preparedPostView = preparedPerDatabase((db) =>
  selectPostViews(db)
    .where(and(eq(posts.id, sql.placeholder('id')), shownTo(posts, sql.placeholder('viewer'))))
    .prepare('find_post_view'),
);

/**
 * One post as `findPostViews` reads it, through a prepared query (db/prepared.ts).
 * A visitor's `viewer` is null, for which the liked and wanted checks are false. A post not
 * shown to the viewer (docs/moderation.md#hidden-items) is no row.
 */
export async function findPostView(db: Database, postId: string, viewerId: string | null) {
  const rows = await preparedPostView(db).execute({ id: postId, viewer: viewerId });
  return rows[0] ?? null;
}

const preparedPostViewsByIds = preparedPerDatabase((db) =>
  selectPostViews(db)
    .where(
      and(
        sql`${posts.id} = any(${sql.placeholder('ids')}::uuid[])`,
        shownTo(posts, sql.placeholder('viewer')),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .prepare('find_post_views_by_ids'),
);

/** The posts of `ids` shown to the viewer, as `findPostViews` reads them, newest first. */
export function findPostViewsByIds(db: Database, ids: string[], viewerId: string | null) {
  return preparedPostViewsByIds(db).execute({ ids, viewer: viewerId });
}

/**
 * Posts with everything a response shows, photos included, in one query. Lists are newest first, keyed by (created_at, id) as the index is.
 * Lists leave out what the viewer blocked or muted, except one member's own posts (their
 * profile, which the people rules decide about), and always what a moderator took out of the
 * viewer's sight (docs/moderation.md#hidden-items).
 */
export async function findPostViews(
  db: Database,
  options: {
    viewerId: string | null;
    ids?: string[];
    filter?: PostListFilter;
    after?: PageKey | null;
    limit?: number;
  },
) {
  const viewer = options.viewerId;
  const conditions: (SQL | undefined)[] = [shownTo(posts, viewer)];
  if (options.ids) conditions.push(inArray(posts.id, options.ids));
  const filter = options.filter ?? {};
  if (filter.kind) conditions.push(eq(posts.kind, filter.kind));
  if (filter.kinds && filter.kinds.length > 0)
    conditions.push(inArray(posts.kind, [...filter.kinds]));
  if (filter.followedBy) {
    conditions.push(
      sql`(${posts.userId} = ${filter.followedBy} or exists (select 1 from ${follows} where ${follows.followerId} = ${filter.followedBy} and ${follows.followeeId} = ${posts.userId})
        or exists (select 1 from ${searchDocuments} inner join ${tagFollows} on ${tagFollows.tag} = any(${searchDocuments.tags})
          where ${searchDocuments.id} = ${posts.id} and ${tagFollows.userId} = ${filter.followedBy}))`,
    );
  }
  if (filter.stationGroupId !== undefined)
    conditions.push(eq(posts.stationGroupId, filter.stationGroupId));
  if (filter.parentPostId) conditions.push(eq(posts.parentPostId, filter.parentPostId));
  if (filter.userId) conditions.push(eq(posts.userId, filter.userId));
  else if (!options.ids) conditions.push(notHiddenFrom(viewer, posts.userId));
  if (options.after) {
    conditions.push(
      sql`(${posts.createdAt}, ${posts.id}) < (${microsToTimestamp(options.after.micros)}, ${options.after.id}::uuid)`,
    );
  }
  const query = db
    .select(postViewColumns(viewer))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(stationGroups, eq(stationGroups.id, posts.stationGroupId))
    .leftJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId))
    .leftJoin(parent, parentShownTo(viewer))
    .where(and(...conditions))
    .orderBy(sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`);
  return options.limit === undefined ? query : query.limit(options.limit);
}

/**
 * Posts a member liked or wanted, newest reaction first (keyed by the reaction's time and the
 * post id, as the reaction tables' user index is), with the same columns as `findPostViews`.
 * `micros` is the reaction's time.
 */
export async function findReactedPostViews(
  db: Database,
  options: {
    viewerId: string | null;
    reaction: 'like' | 'want';
    userId: string;
    kind?: PostKind;
    after: PageKey | null;
    limit: number;
  },
) {
  const table = options.reaction === 'like' ? likes : postWants;
  const conditions: (SQL | undefined)[] = [
    eq(table.userId, options.userId),
    options.kind ? eq(posts.kind, options.kind) : undefined,
    notHiddenFrom(options.viewerId, posts.userId),
    shownTo(posts, options.viewerId),
  ];
  if (options.after) {
    conditions.push(
      sql`(${table.createdAt}, ${table.postId}) < (${microsToTimestamp(options.after.micros)}, ${options.after.id}::uuid)`,
    );
  }
  return db
    .select({
      ...postViewColumns(options.viewerId),
      reactedMicros: createdAtMicros(table.createdAt),
    })
    .from(table)
    .innerJoin(posts, eq(posts.id, table.postId))
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(stationGroups, eq(stationGroups.id, posts.stationGroupId))
    .leftJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId))
    .leftJoin(parent, parentShownTo(options.viewerId))
    .where(and(...conditions))
    .orderBy(sql`${table.createdAt} desc nulls last`, sql`${table.postId} desc nulls last`)
    .limit(options.limit);
}

export type PostViewRow = Awaited<ReturnType<typeof findPostViews>>[number];
