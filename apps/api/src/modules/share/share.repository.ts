import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { notSuspended, shownToAll } from '../../db/moderated.js';
import {
  comments,
  images,
  postImages,
  posts,
  prefectures,
  stationGroups,
  users,
} from '../../db/schema/index.js';

const parents = alias(posts, 'parent');

/**
 * What a link preview and the page's structured data need of a post: one query, with its
 * author, station, parent and first photo. A post or parent a moderator took out of sight
 * (docs/moderation.md#hidden-items) is missing, as previews are the same for everyone.
 */
export async function findPostPreview(db: Database, id: string) {
  const [row] = await db
    .select({
      id: posts.id,
      kind: posts.kind,
      title: posts.title,
      body: posts.body,
      startsAt: posts.startsAt,
      endsAt: posts.endsAt,
      lat: posts.lat,
      lng: posts.lng,
      userId: posts.userId,
      authorName: users.name,
      stationName: stationGroups.name,
      stationLat: stationGroups.lat,
      stationLng: stationGroups.lng,
      prefectureName: prefectures.name,
      parentTitle: parents.title,
      parentLat: parents.lat,
      parentLng: parents.lng,
      imageId: images.id,
      imageWidth: images.width,
      imageHeight: images.height,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(stationGroups, eq(stationGroups.id, posts.stationGroupId))
    .leftJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId))
    .leftJoin(parents, and(eq(parents.id, posts.parentPostId), shownToAll(parents)))
    .leftJoin(postImages, eq(postImages.postId, posts.id))
    .leftJoin(images, eq(images.id, postImages.imageId))
    .where(and(eq(posts.id, id), shownToAll(posts)))
    .orderBy(asc(postImages.position))
    .limit(1);
  return row ?? null;
}

export type PostPreviewRow = NonNullable<Awaited<ReturnType<typeof findPostPreview>>>;

/**
 * Whether a comment's page exists for everyone: the comment is on that post, and neither it nor
 * the post was taken out of sight (as `findPostPreview`, for the page every visitor is sent).
 */
export async function commentShownToAll(db: Database, postId: string, commentId: string) {
  const [row] = await db
    .select({ id: comments.id })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(
      and(
        eq(comments.id, commentId),
        eq(comments.postId, postId),
        shownToAll(comments),
        shownToAll(posts),
      ),
    );
  return row !== undefined;
}

/** What a profile's link preview needs: name, bio and the avatar's size; none if suspended. */
export async function findUserPreview(db: Database, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      bio: users.bio,
      imageId: images.id,
      imageWidth: images.width,
      imageHeight: images.height,
    })
    .from(users)
    .leftJoin(images, eq(images.id, users.avatarImageId))
    .where(and(eq(users.id, id), notSuspended(users.id)));
  return row ?? null;
}
