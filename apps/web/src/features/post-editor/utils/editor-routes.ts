import { stationGroupIdSchema } from '@ekispot/shared';
import type { PostKind } from '@ekispot/shared';
import { z } from 'zod';
import { postEditHref } from '../../../config/paths';
import type { PostData } from '../api/post-data';

type PostRef = Pick<PostData, 'id' | 'kind' | 'stationGroupId' | 'parentPostId'>;

const uuidSchema = z.uuid();

/** The `?postId=` of the update routes, or null when it is missing or not a UUID. */
export function readPostIdParam(search: string): string | null {
  const value = new URLSearchParams(search).get('postId');
  return value !== null && uuidSchema.safeParse(value).success ? value : null;
}

/**
 * The `?stationGroupId=` a new event starts at or a new spot's map opens at (投稿 on the
 * station's page), or null when it is missing or not a positive integer: the form then starts
 * empty.
 */
export function readStationGroupIdParam(search: string): number | null {
  const value = new URLSearchParams(search).get('stationGroupId');
  if (value === null || !/^[1-9][0-9]*$/.test(value)) return null;
  const parsed = stationGroupIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
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
 * (docs/product-rules.md#posts); a station route that names another station than the post's leads
 * to the post's own edit address. Only the owner of a matching post gets the form.
 */
export function resolveEditAccess(
  post: PostRef & { user: { id: string } },
  viewerId: string | null,
  route: EditRoute,
): EditAccess {
  if (post.kind !== route.kind) return { type: 'not-found' };
  // docs/product-rules.md#posts: without a post the viewer owns, the edit address does not exist.
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
