import { postPageSchema } from '@ekispot/shared';
import type { PostKind, TimelineScope } from '@ekispot/shared';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useEventSource } from '../../../hooks/use-event-source';
import { onLive } from '../../../lib/live-events';
import { apiRequest } from '../../../lib/api-client';
import { timelineKeys } from './query-keys';

export const TIMELINE_PAGE_SIZE = 20;
/** How often an open timeline asks whether something newer was posted, while no stream is open. */
export const NEW_POSTS_CHECK_MS = 30_000;

/** GET /timeline/posts — newest first, one cursor page. */
export async function getTimelinePosts(
  scope: TimelineScope,
  kinds: readonly PostKind[],
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
) {
  const { data } = await apiRequest('/timeline/posts', {
    schema: postPageSchema,
    query: { scope, kinds: kinds.join(','), cursor, limit },
    signal,
  });
  return data;
}

export function timelineQueryOptions(scope: TimelineScope, kinds: readonly PostKind[]) {
  return infiniteQueryOptions({
    queryKey: timelineKeys.posts(scope, kinds),
    queryFn: ({ pageParam, signal }) =>
      getTimelinePosts(scope, kinds, pageParam, TIMELINE_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Kept while the member reads a post, so coming back shows the same place.
    staleTime: 5 * 60_000,
  });
}

export function useTimelinePosts(scope: TimelineScope, kinds: readonly PostKind[]) {
  return useInfiniteQuery(timelineQueryOptions(scope, kinds));
}

/**
 * The newest post's id right now (the 「新しい投稿」 pill): asked again whenever the public
 * new-posts stream says something was published (GET /timeline/posts/stream, at most every
 * 5 s), and when the member's notification stream reports a followed member's post or a post
 * at a wanted station; while no stream is open, every little while instead
 * (docs/timelines.md#new-posts).
 */
export function useNewestTimelinePostId(
  scope: TimelineScope,
  kinds: readonly PostKind[],
  enabled: boolean,
) {
  const queryClient = useQueryClient();
  const key = timelineKeys.newest(scope, kinds);
  const keyText = key.join('|');
  const invalidate = useCallback(
    () =>
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey.join('|') === keyText,
      }),
    [queryClient, keyText],
  );
  useEffect(
    () =>
      onLive(({ notificationType }) => {
        if (notificationType === 'followed_post' || notificationType === 'station_post')
          invalidate();
      }),
    [invalidate],
  );
  // Asked again on every (re)connection too: a post made while the stream was down is not missed.
  const live = useEventSource(enabled ? '/timeline/posts/stream' : null, {
    open: invalidate,
    post: invalidate,
  });
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await getTimelinePosts(scope, kinds, null, 1, signal)).items[0]?.id ?? null,
    enabled,
    refetchInterval: live ? false : NEW_POSTS_CHECK_MS,
    refetchIntervalInBackground: false,
  }).data;
}
