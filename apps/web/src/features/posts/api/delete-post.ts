import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletePost } from '../../../lib/delete-post';
import { invalidatePostLists } from './query-keys';

/**
 * Deletes the post. The page showing it leaves first and then drops the cached post (see
 * PostOwnerActions), so it never refetches a post that is gone.
 */
export function useDeletePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(postId),
    onSuccess: () => {
      // Lists that showed it (attached posts of a spot) are stale now.
      invalidatePostLists(queryClient);
    },
  });
}
