import type { PostPage, TimelineQuery } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../lib/http-error.js';
import { listTimelinePosts } from '../posts/posts.service.js';

/** The post timelines (docs/timelines.md); the posts module reads them. */

export const TIMELINE_MESSAGES = {
  followNeedsSignIn: 'フォロー中のタイムラインを見るにはログインしてください。',
} as const;

export async function getPostTimeline(
  db: Database,
  viewerId: string | null,
  query: TimelineQuery,
): Promise<PostPage> {
  if (query.scope === 'follow' && !viewerId)
    throw new HttpError('UNAUTHENTICATED', TIMELINE_MESSAGES.followNeedsSignIn);
  return listTimelinePosts({ db }, viewerId, {
    followedBy: query.scope === 'follow' && viewerId ? viewerId : undefined,
    kinds: query.kinds,
    cursor: query.cursor,
    limit: query.limit,
  });
}
