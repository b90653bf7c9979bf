import type { Post, PostImage } from '@ekispot/shared';
import type * as repository from './posts.repository.js';

/**
 * Shapes posts for the wire. The rows already carry author, station, parent, counts, the
 * viewer's reactions and the photos, so a page of any size costs one query (no N+1).
 */
export function presentPosts(rows: repository.PostViewRow[]): Post[] {
  return rows.map(presentPost);
}

export function presentPost(row: repository.PostViewRow): Post {
  return toPost(row, row.images);
}

function toPost(row: repository.PostViewRow, images: PostImage[]): Post {
  const { post } = row;
  return {
    id: post.id,
    kind: post.kind,
    title: post.title,
    body: post.body,
    images,
    user: { id: post.userId, name: row.authorName, avatar: row.authorAvatar },
    station_group_id: post.stationGroupId,
    station:
      post.stationGroupId !== null && row.stationName !== null
        ? {
            id: post.stationGroupId,
            name: row.stationName,
            prefecture_name: row.prefectureName ?? '',
          }
        : null,
    parent_post_id: post.parentPostId,
    parent:
      post.parentPostId !== null && row.parentKind !== null
        ? { id: post.parentPostId, kind: row.parentKind, title: row.parentTitle ?? '' }
        : null,
    lat: post.lat,
    lng: post.lng,
    starts_at: post.startsAt?.toISOString() ?? null,
    ends_at: post.endsAt?.toISOString() ?? null,
    like_count: post.likeCount,
    liked: Boolean(row.liked),
    want_count: post.wantCount,
    wanted: Boolean(row.wanted),
    // What the viewer is shown: comments of members they blocked or muted are not.
    comment_count: post.commentCount - row.hiddenCommentCount,
    child_count: row.childCount,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
    // Only its author is shown a hidden post (docs/moderation.md#hidden-items), with a notice.
    ...(post.hiddenAt !== null && { hidden: true as const }),
    // Brought in from an archive: shown as 「取り込み」 with its original date.
    ...(post.importedAt !== null && { imported: true as const }),
  };
}
