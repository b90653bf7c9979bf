import { and, asc, count, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
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
  reports,
  stamps,
  stationGroups,
  stationWants,
  users,
} from '../../db/schema/index.js';

/**
 * What an archive reads: one member's own rows across the aggregates (docs/archive.md#what-is-in-it).
 * Read-only, and only the member's own data; the lists are read through the lists service,
 * which owns their export. Posts and photos are read a page at a time, so an archive's memory
 * does not grow with the account.
 */

export async function findAccount(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function countPostsAndPhotos(db: Database, userId: string) {
  const [postCount] = await db
    .select({ value: count() })
    .from(posts)
    .where(eq(posts.userId, userId));
  const [photoCount] = await db
    .select({ value: count() })
    .from(postImages)
    .innerJoin(posts, eq(posts.id, postImages.postId))
    .where(eq(posts.userId, userId));
  return { posts: postCount?.value ?? 0, photos: photoCount?.value ?? 0 };
}

export interface PageAfter {
  createdAt: Date;
  id: string;
}

/** The member's posts oldest first, a page after `after`, with their station's name. */
export async function findPostsPage(
  db: Database,
  userId: string,
  after: PageAfter | null,
  limit: number,
) {
  return db
    .select({ post: posts, stationName: stationGroups.name })
    .from(posts)
    .leftJoin(stationGroups, eq(stationGroups.id, posts.stationGroupId))
    .where(
      and(
        eq(posts.userId, userId),
        after
          ? or(
              gt(posts.createdAt, after.createdAt),
              and(eq(posts.createdAt, after.createdAt), gt(posts.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(posts.createdAt), asc(posts.id))
    .limit(limit);
}

/** The photos of these posts in order: the files an archive holds under `media/`. */
export async function findPhotosOf(db: Database, postIds: string[]) {
  if (postIds.length === 0) return [];
  return db
    .select({
      postId: postImages.postId,
      imageId: images.id,
      storageKey: images.storageKey,
      width: images.width,
      height: images.height,
    })
    .from(postImages)
    .innerJoin(images, eq(images.id, postImages.imageId))
    .where(inArray(postImages.postId, postIds))
    .orderBy(asc(postImages.postId), asc(postImages.position));
}

/** The comments on these posts (everyone's but what a moderator hid), oldest first. */
export async function findCommentsOn(db: Database, postIds: string[]) {
  if (postIds.length === 0) return [];
  return db
    .select({
      id: comments.id,
      postId: comments.postId,
      userId: comments.userId,
      authorName: users.name,
      body: comments.body,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(inArray(comments.postId, postIds), sql`${comments.hiddenAt} is null`))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/** The member's comments on other members' posts. */
export async function findCommentsOnOthers(db: Database, userId: string) {
  return db
    .select({
      id: comments.id,
      postId: comments.postId,
      postTitle: posts.title,
      body: comments.body,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.userId, userId), ne(posts.userId, userId)))
    .orderBy(asc(comments.createdAt));
}

const author = alias(users, 'author');

/** Likes (`likes`) or 行きたい／参加したい (`wants`) the member gave, with the post's title and author. */
export async function findReactions(db: Database, userId: string, kind: 'likes' | 'wants') {
  const table = kind === 'likes' ? likes : postWants;
  return db
    .select({
      postId: table.postId,
      postTitle: posts.title,
      authorName: author.name,
      createdAt: table.createdAt,
    })
    .from(table)
    .innerJoin(posts, eq(posts.id, table.postId))
    .innerJoin(author, eq(author.id, posts.userId))
    .where(eq(table.userId, userId))
    .orderBy(asc(table.createdAt));
}

export async function findStationWants(db: Database, userId: string) {
  return db
    .select({
      stationGroupId: stationWants.stationGroupId,
      name: stationGroups.name,
      createdAt: stationWants.createdAt,
    })
    .from(stationWants)
    .innerJoin(stationGroups, eq(stationGroups.id, stationWants.stationGroupId))
    .where(eq(stationWants.userId, userId))
    .orderBy(asc(stationWants.createdAt));
}

/** Stamps: the station and the time only (never a position; none is stored). */
export async function findStamps(db: Database, userId: string) {
  return db
    .select({
      stationGroupId: stamps.stationGroupId,
      name: stationGroups.name,
      collectedAt: stamps.collectedAt,
      recordOnly: stamps.recordOnly,
    })
    .from(stamps)
    .innerJoin(stationGroups, eq(stationGroups.id, stamps.stationGroupId))
    .where(eq(stamps.userId, userId))
    .orderBy(asc(stamps.collectedAt));
}

/** Members the member follows, muted or blocked, with their names. */
export async function findRelations(
  db: Database,
  userId: string,
  kind: 'follows' | 'mutes' | 'blocks',
) {
  const [table, self, other] =
    kind === 'follows'
      ? [follows, follows.followerId, follows.followeeId]
      : kind === 'mutes'
        ? [mutes, mutes.muterId, mutes.mutedId]
        : [blocks, blocks.blockerId, blocks.blockedId];
  return db
    .select({ id: users.id, name: users.name, createdAt: table.createdAt })
    .from(table)
    .innerJoin(users, eq(users.id, other))
    .where(eq(self, userId))
    .orderBy(asc(table.createdAt));
}

export async function findReportsBy(db: Database, userId: string) {
  return db
    .select()
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt));
}

/** The avatar's file, if any. */
export async function findImage(db: Database, imageId: string) {
  const [row] = await db
    .select({ id: images.id, storageKey: images.storageKey })
    .from(images)
    .where(eq(images.id, imageId));
  return row ?? null;
}

/** Members by exact name (an import's follows are matched by name only). */
export async function findMembersNamed(db: Database, names: string[], except: string) {
  if (names.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        inArray(users.name, names),
        ne(users.id, except),
        sql`${users.emailVerifiedAt} is not null`,
      ),
    );
}

/** Of these members, those the member follows. */
export async function findFollowedAmong(db: Database, userId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, userId), inArray(follows.followeeId, ids)));
  return new Set(rows.map((row) => row.id));
}
