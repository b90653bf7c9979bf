import type { QueryClient } from '@tanstack/react-query';
import type { CommentPages, CommentView } from './get-comments';
import { postKeys } from './query-keys';
import type { PostView } from './get-post';

/** Keeps the post's comment count in step with a comment written or deleted here. */
export function shiftCommentCount(queryClient: QueryClient, postId: string, by: 1 | -1): void {
  queryClient.setQueryData<PostView>(postKeys.detail(postId), (post) =>
    post ? { ...post, commentCount: Math.max(0, post.commentCount + by) } : post,
  );
}

/**
 * Puts a new comment at the end of the loaded list. Comments read oldest first, so when
 * later pages are still unloaded the comment belongs after them: those pages are fetched
 * again instead.
 */
export function appendComment(
  queryClient: QueryClient,
  postId: string,
  comment: CommentView,
): boolean {
  let appended = false;
  queryClient.setQueryData<CommentPages>(postKeys.comments(postId), (data) => {
    const last = data?.pages.at(-1);
    if (!data || !last || last.nextCursor !== null) return data;
    appended = true;
    return {
      ...data,
      pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, comment] }],
    };
  });
  return appended;
}

/** Replaces or removes one comment wherever it is in the loaded pages. */
export function updateCachedComment(
  queryClient: QueryClient,
  postId: string,
  commentId: string,
  next: CommentView | null,
): void {
  queryClient.setQueryData<CommentPages>(postKeys.comments(postId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.flatMap((item) =>
              item.id !== commentId ? [item] : next === null ? [] : [next],
            ),
          })),
        }
      : data,
  );
}
