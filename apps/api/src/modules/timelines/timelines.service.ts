import type { PostPage, TimelineQuery } from '@ekispot/shared';
import { HttpError } from '../../lib/http-error.js';
import type { TimelineReads } from '../posts/timeline.service.js';
import { applyWordMutes, type WordMuteDeps } from '../search/word-mutes.service.js';

/** The post timelines (docs/timelines.md); the posts module reads them. */

export const TIMELINE_MESSAGES = {
  followNeedsSignIn: 'フォロー中のタイムラインを見るにはログインしてください。',
} as const;

/**
 * A page of a timeline. The page is picked from what is kept for everyone (the window); the
 * member's word mutes are laid over it here, per member (docs/search.md#word-mutes).
 */
export async function getPostTimeline(
  reads: TimelineReads,
  viewerId: string | null,
  query: TimelineQuery,
  mutes?: WordMuteDeps,
): Promise<PostPage> {
  if (query.scope === 'follow' && !viewerId)
    throw new HttpError('UNAUTHENTICATED', TIMELINE_MESSAGES.followNeedsSignIn);
  const page = await pickPage(reads, viewerId, query);
  if (!viewerId || !mutes) return page;
  return { ...page, items: await applyWordMutes(mutes, viewerId, page.items) };
}

function pickPage(reads: TimelineReads, viewerId: string | null, query: TimelineQuery) {
  return reads.page(viewerId, {
    followedBy: query.scope === 'follow' && viewerId ? viewerId : undefined,
    kinds: query.kinds,
    cursor: query.cursor,
    limit: query.limit,
  });
}

/** The key a visitor's page may be kept whole under, or null (posts/timeline.service.ts). */
export function visitorPageKey(reads: TimelineReads, query: TimelineQuery): string | null {
  if (query.scope === 'follow') return null;
  return reads.visitorPageKey({ kinds: query.kinds, cursor: query.cursor, limit: query.limit });
}
