import { stationGroupIdSchema } from '@ekispot/shared';
import type { PostKind } from '@ekispot/shared';
import { z } from 'zod';
import { paths } from '../../../config/paths';
import type { PostData } from '../api/post-data';

type PostRef = Pick<PostData, 'id' | 'kind' | 'stationGroupId' | 'parentPostId'>;

const uuidSchema = z.uuid();

/** The `?postId=` of the update routes, or null when it is missing or not a UUID. */
export function readPostIdParam(search: string): string | null {
  const value = new URLSearchParams(search).get('postId');
  return value !== null && uuidSchema.safeParse(value).success ? value : null;
}

/**
 * The `?stationGroupId=` a new event starts at (the station page's 「イベントを投稿」), or null
 * when it is missing or not a positive integer: the form then starts empty.
 */
export function readStationGroupIdParam(search: string): number | null {
  const value = new URLSearchParams(search).get('stationGroupId');
  if (value === null || !/^[1-9][0-9]*$/.test(value)) return null;
  const parsed = stationGroupIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Where a post is edited (DESIGN §4): the update route that mirrors how it was created. */
export function postEditHref(post: PostRef): string {
  const query = `?postId=${encodeURIComponent(post.id)}`;
  switch (post.kind) {
    case 'spot':
      return `${paths.postUpdateSpot.href()}${query}`;
    case 'event':
      return post.parentPostId
        ? paths.postUpdateEventById.href(post.id)
        : `${paths.postUpdateEvent.href()}${query}`;
    case 'image':
      return post.stationGroupId !== null && !post.parentPostId
        ? `${paths.postUpdateImage.href(post.stationGroupId)}${query}`
        : paths.postUpdateImageById.href(post.id);
  }
}

export type EditAccess =
  { type: 'edit' } | { type: 'not-found' } | { type: 'redirect'; to: string };

export interface EditRoute {
  kind: PostKind;
  /** Set on /post/update/image/{stationGroupId}. */
  stationGroupId?: number;
}

/**
 * Who may see an edit form: a post of another kind, or someone else's post, is not found
 * (DESIGN §4); a station route that names another station than the post's leads to the
 * post's own edit address. Only the owner of a matching post gets the form.
 */
export function resolveEditAccess(
  post: PostRef & { user: { id: string } },
  viewerId: string | null,
  route: EditRoute,
): EditAccess {
  if (post.kind !== route.kind) return { type: 'not-found' };
  // DESIGN §4: without a post the viewer owns, the edit address does not exist.
  if (viewerId === null || post.user.id !== viewerId) return { type: 'not-found' };
  if (route.stationGroupId !== undefined && post.stationGroupId !== route.stationGroupId) {
    return { type: 'redirect', to: postEditHref(post) };
  }
  return { type: 'edit' };
}

/** Which posts a new post may belong to: events are held at spots; photos are of spots or events. */
export function canBeParentOf(kind: PostKind, parentKind: PostKind): boolean {
  if (kind === 'event') return parentKind === 'spot';
  if (kind === 'image') return parentKind === 'spot' || parentKind === 'event';
  return false;
}

/** Where to go after a post is deleted: the post it belonged to, its station, or the top page. */
export function afterDeleteHref(post: Pick<PostData, 'parentPostId' | 'stationGroupId'>): string {
  if (post.parentPostId) return paths.post.href(post.parentPostId);
  if (post.stationGroupId !== null) return paths.station.href(post.stationGroupId);
  return paths.home.href();
}
