import type { CamelCased, Post, PostKind } from '@ekispot/shared';
import type { QueryClient } from '@tanstack/react-query';

/** What a post list is filtered by (GET /posts). */
export interface PostListFilter {
  kind?: PostKind;
  stationGroupId?: number;
  parentPostId?: string;
  userId?: string;
}

/**
 * Every query key of the posts feature. Queries read with these and caches are updated and
 * invalidated with these: no other place spells a posts key.
 */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (filter: PostListFilter) => [...postKeys.lists(), filter] as const,
  detail: (postId: string) => [...postKeys.all, 'detail', postId] as const,
  comments: (postId: string) => [...postKeys.all, 'comments', postId] as const,
  comment: (postId: string, commentId: string) =>
    [...postKeys.all, 'comment', postId, commentId] as const,
};

/** Every post list may show a post that was just written or deleted: refetch them. */
export function invalidatePostLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
}

/** The post is shown or counted by its parent's page: refetch it. */
export function invalidatePost(queryClient: QueryClient, postId: string): void {
  void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
}

/** A post the server has just returned (after a save): its page shows it without a refetch. */
export function setCachedPost(queryClient: QueryClient, post: CamelCased<Post>): void {
  queryClient.setQueryData(postKeys.detail(post.id), post);
}

/**
 * A post that was just deleted: only marked stale, never refetched, since a page may still
 * show it while the app leaves it.
 */
export function markPostDeleted(queryClient: QueryClient, postId: string): void {
  void queryClient.invalidateQueries({
    queryKey: postKeys.detail(postId),
    exact: true,
    refetchType: 'none',
  });
}
