import type { CamelCased, ModerationActionKind, Post, ReportTargetKind } from '@ekispot/shared';
import type { QueryKey } from '@tanstack/react-query';

// The kinds of write the web app makes and what a write can do to a cached query: the
// vocabulary of lib/write-map.ts, which says which queries each write touches.

/** What a write knows of a post; `undefined` where it does not know (the refresh is wider). */
export interface PostRef {
  id: string;
  stationGroupId?: number | null;
  parentPostId?: string | null;
  authorId?: string | null;
}

/** A post as the API answers it (the server's copy after a save). */
export type SavedPost = CamelCased<Post>;

/** The fields of a post the map reads. */
export function postRefOf(
  post: Pick<SavedPost, 'id' | 'stationGroupId' | 'parentPostId' | 'user'>,
) {
  return {
    id: post.id,
    stationGroupId: post.stationGroupId,
    parentPostId: post.parentPostId,
    authorId: post.user.id,
  } satisfies PostRef;
}

/**
 * Each kind of write. `inCache: true` says the hook has already put the server's answer into
 * the cache (or shows it optimistically): the queries showing it are then only marked stale,
 * not fetched again at once; a write sent by the offline queue or refused says `false`.
 */
export type Write =
  | { kind: 'post-created'; post: PostRef }
  | { kind: 'post-edited'; post: SavedPost; before: PostRef | null }
  | { kind: 'post-deleted'; post: PostRef }
  | { kind: 'comment-added'; postId: string; inCache: boolean }
  | { kind: 'comment-edited'; postId: string; commentId: string }
  | { kind: 'comment-deleted'; postId: string; commentId: string }
  /** いいね or 行きたい／参加したい, on or off. */
  | { kind: 'post-reacted'; postId: string; reaction: 'like' | 'want'; inCache: boolean }
  | { kind: 'station-wanted'; stationGroupId: number; inCache: boolean }
  | { kind: 'stamp-collected'; stationGroupId: number; inCache: boolean }
  | { kind: 'follow-changed'; userId: string; inCache: boolean }
  /** A block or a mute, on or off: what it hides is spread over every list. */
  | { kind: 'relation-changed' }
  | { kind: 'privacy-changed' }
  /** The member's own name, bio or picture: shown wherever they appear. */
  | { kind: 'profile-edited' }
  | { kind: 'list-created'; listId: string }
  | { kind: 'list-edited'; listId: string }
  | { kind: 'list-deleted'; listId: string }
  /** An item added, removed, moved or its note changed. */
  | { kind: 'list-items-changed'; listId: string }
  | {
      kind: 'moderated';
      action: ModerationActionKind;
      target: { kind: ReportTargetKind; id: string };
    }
  /** `byOpenPage`: the notifications page marked what it shows; it keeps them until reopened. */
  | { kind: 'notifications-read'; byOpenPage: boolean };

/**
 * What a write does to one set of queries:
 * - `refetch`: invalidated; the ones on screen are fetched again now, the others when next shown;
 * - `mark`: invalidated, fetched again only when next shown (the screen already shows the
 *   server's answer, or is leaving something that is gone);
 * - `forget`: dropped from the cache (what it held no longer exists);
 * - `drop` / `replace`: the item taken out of, or replaced in, the cached pages of a list (the
 *   only change a timeline gets, since it never moves under its reader,
 *   docs/timelines.md#screens); applied before the invalidations, which it would otherwise undo;
 * - `everything`: every query but the session (docs/people.md).
 */
export type Touch =
  | { action: 'refetch' | 'mark' | 'forget'; key: QueryKey; exact?: true }
  | { action: 'drop'; key: QueryKey; id: string }
  | { action: 'replace'; key: QueryKey; item: { id: string } }
  | { action: 'everything' };
