import type { ArchiveDocument, ArchiveList, ArchivePost } from '@ekispot/shared';
import { japanDateOf } from '../../lib/japan-time.js';
import type * as data from './archive-data.repository.js';

/**
 * Rows as `archive.json` writes them (packages/shared/src/archive.ts is the format). Files in
 * the ZIP are named by ids only, so no member's text ever becomes a path.
 */

type PostRow = Awaited<ReturnType<typeof data.findPostsPage>>[number];
type PhotoRow = Awaited<ReturnType<typeof data.findPhotosOf>>[number];
type CommentRow = Awaited<ReturnType<typeof data.findCommentsOn>>[number];

export const mediaPath = (imageId: string) => `media/${imageId}.webp`;
export const listFilePath = (listId: string, extension: 'geojson' | 'gpx') =>
  `lists/${listId}.${extension}`;

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export function toArchivePost(
  row: PostRow,
  photos: PhotoRow[],
  comments: CommentRow[],
): ArchivePost {
  const { post } = row;
  return {
    id: post.id,
    kind: post.kind,
    title: post.title,
    body: post.body,
    station:
      post.stationGroupId !== null
        ? { id: post.stationGroupId, name: row.stationName ?? '' }
        : null,
    parent_post_id: post.parentPostId,
    location: post.lat !== null && post.lng !== null ? { lat: post.lat, lng: post.lng } : null,
    starts_at: isoOrNull(post.startsAt),
    ends_at: isoOrNull(post.endsAt),
    created_at: iso(post.createdAt),
    updated_at: iso(post.updatedAt),
    imported: post.importedAt !== null,
    like_count: post.likeCount,
    want_count: post.wantCount,
    photos: photos.map((photo) => ({
      file: mediaPath(photo.imageId),
      width: photo.width,
      height: photo.height,
    })),
    comments: comments.map((comment) => ({
      id: comment.id,
      author: { id: comment.userId, name: comment.authorName },
      body: comment.body,
      created_at: iso(comment.createdAt),
    })),
  };
}

type Reaction = Awaited<ReturnType<typeof data.findReactions>>[number];
type Relation = Awaited<ReturnType<typeof data.findRelations>>[number];

export const toReaction = (row: Reaction) => ({
  post_id: row.postId,
  post_title: row.postTitle,
  author_name: row.authorName,
  created_at: iso(row.createdAt),
});

export const toRelation = (row: Relation) => ({
  id: row.id,
  name: row.name,
  created_at: iso(row.createdAt),
});

/** Everything after `posts` in archive.json, read whole (each is a member's own short rows). */
export type ArchiveRest = Omit<
  ArchiveDocument,
  'format' | 'schema_version' | 'exported_at' | 'instance' | 'account' | 'posts'
>;

export async function readRest(
  db: Parameters<typeof data.findStamps>[0],
  userId: string,
  reads: typeof data,
  parts: Pick<ArchiveRest, 'lists' | 'settings' | 'rides' | 'followed_tags' | 'muted_words'>,
): Promise<ArchiveRest> {
  const [others, likes, wants, stationWants, stamps, follows, mutes, blocks, reports] =
    await Promise.all([
      reads.findCommentsOnOthers(db, userId),
      reads.findReactions(db, userId, 'likes'),
      reads.findReactions(db, userId, 'wants'),
      reads.findStationWants(db, userId),
      reads.findStamps(db, userId),
      reads.findRelations(db, userId, 'follows'),
      reads.findRelations(db, userId, 'mutes'),
      reads.findRelations(db, userId, 'blocks'),
      reads.findReportsBy(db, userId),
    ]);
  return {
    comments_on_others: others.map((row) => ({
      id: row.id,
      post_id: row.postId,
      post_title: row.postTitle,
      body: row.body,
      created_at: iso(row.createdAt),
    })),
    likes: likes.map(toReaction),
    wants: wants.map(toReaction),
    station_wants: stationWants.map((row) => ({
      station: { id: row.stationGroupId, name: row.name },
      created_at: iso(row.createdAt),
    })),
    lists: parts.lists,
    // The station and the Japan day, never a position (docs/stamps.md#location-privacy).
    stamps: stamps.map((row) => ({
      station: { id: row.stationGroupId, name: row.name },
      collected_on: japanDateOf(row.collectedAt),
      record_only: row.recordOnly,
    })),
    follows: follows.map(toRelation),
    mutes: mutes.map(toRelation),
    blocks: blocks.map(toRelation),
    reports: reports.map((row) => ({
      target_kind: row.targetKind,
      target_id: row.targetId,
      reason: row.reason,
      note: row.note,
      status: row.status,
      created_at: iso(row.createdAt),
    })),
    settings: parts.settings,
    rides: parts.rides,
    followed_tags: parts.followed_tags,
    muted_words: parts.muted_words,
  };
}

export type { ArchiveList };
