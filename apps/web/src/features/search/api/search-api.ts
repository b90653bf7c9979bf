import {
  followedTagsSchema,
  searchHitPageSchema,
  stationSearchResponseSchema,
  tagSummarySchema,
  trendingTagsSchema,
  userPageSchema,
  wordMuteListSchema,
  wordMuteSchema,
  type WordMuteBody,
} from '@ekispot/shared';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { searchKeys, timelineKeys } from '../../../lib/query-keys';

/** The search page's, tag page's and word-mute settings' calls (docs/search.md). */

export const SEARCH_PAGE_SIZE = 20;

const hitPages = (queryKey: readonly unknown[], path: string, query: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiRequest(path, {
          schema: searchHitPageSchema,
          query: { ...query, cursor: pageParam, limit: SEARCH_PAGE_SIZE },
          signal,
        })
      ).data,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 30_000,
  });

/** GET /search/posts?q= — posts and comments, best first. */
export function usePostSearch(q: string) {
  return useInfiniteQuery({
    ...hitPages(searchKeys.posts(q), '/search/posts', { q }),
    enabled: q.trim() !== '',
  });
}

/** GET /stations/search?q= — stations and lines. */
export function useStationSearch(q: string) {
  return useQuery({
    queryKey: searchKeys.stations(q),
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/stations/search', {
          schema: stationSearchResponseSchema,
          query: { q, limit: 20 },
          signal,
        })
      ).data,
    enabled: q.trim() !== '',
    staleTime: 60_000,
  });
}

/** GET /users?q= — members by name. */
export function useUserSearch(q: string) {
  return useQuery({
    queryKey: searchKeys.users(q),
    queryFn: async ({ signal }) =>
      (await apiRequest('/users', { schema: userPageSchema, query: { q, limit: 20 }, signal }))
        .data,
    enabled: q.trim() !== '',
    staleTime: 30_000,
  });
}

/** GET /tags/{tag} — the tag's count and whether the member follows it. */
export function useTag(tag: string) {
  return useQuery({
    queryKey: searchKeys.tag(tag),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/tags/${encodeURIComponent(tag)}`, { schema: tagSummarySchema, signal }))
        .data,
  });
}

/** GET /tags/{tag}/posts — newest first. */
export function useTagPosts(tag: string) {
  return useInfiniteQuery(
    hitPages(searchKeys.tagPosts(tag), `/tags/${encodeURIComponent(tag)}/posts`, {}),
  );
}

/** GET /tags/trending — 「いま話題のタグ」. */
export function useTrendingTags() {
  return useQuery({
    queryKey: searchKeys.trending(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/tags/trending', { schema: trendingTagsSchema, signal })).data,
    staleTime: 60_000,
  });
}

/** GET /tags/followed. */
export function useFollowedTags(enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.followedTags(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/tags/followed', { schema: followedTagsSchema, signal })).data,
    enabled,
  });
}

/** POST or DELETE /tags/{tag}/follow; the following timeline changes with it. */
export function useSetTagFollow(tag: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (follow: boolean) =>
      (
        await apiRequest(`/tags/${encodeURIComponent(tag)}/follow`, {
          method: follow ? 'POST' : 'DELETE',
          schema: tagSummarySchema,
        })
      ).data,
    onSuccess: (summary) => {
      queryClient.setQueryData(searchKeys.tag(tag), summary);
      // The following timeline and the followed tags read differently now.
      void queryClient.invalidateQueries({ queryKey: searchKeys.followedTags() });
      void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
    },
  });
}

/** GET /word-mutes. */
export function useWordMutes() {
  return useQuery({
    queryKey: searchKeys.wordMutes(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/word-mutes', { schema: wordMuteListSchema, signal })).data,
  });
}

/** After a mute changes, every list of posts may read differently: all are read again. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries();
}

export function useAddWordMute() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: async (body: WordMuteBody) =>
      (await apiRequest('/word-mutes', { method: 'POST', body, schema: wordMuteSchema })).data,
    onSuccess: refresh,
  });
}

export function useRemoveWordMute() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: async (id: string) =>
      apiRequest(`/word-mutes/${id}`, { method: 'DELETE', schema: z.null() }),
    onSuccess: refresh,
  });
}
