import { useMutation } from '@tanstack/react-query';
import { deletePost } from '../../../lib/delete-post';

/** Deletes a post from its edit form; the page refreshes the caches (see onDeleted). */
export function useDeletePost() {
  return useMutation({ mutationFn: deletePost });
}
