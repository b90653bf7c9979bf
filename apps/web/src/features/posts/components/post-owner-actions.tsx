import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../config/messages';
import { afterDeleteHref, postEditHref } from '../../../config/paths';
import { RouterButton } from '../../../components/router-link';
import { showFlash } from '../../../lib/flash-message';
import { useDeletePost } from '../../../lib/post-mutations';
import { postKeys } from '../api/query-keys';
import type { PostView } from '../api/get-post';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/** 編集 and 削除 for the post's owner. */
export function PostOwnerActions({
  post,
  onError,
}: {
  post: PostView;
  onError: (message: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Whatever showed or counted it is refreshed by the delete itself (lib/write-map.ts).
  // The page leaves first and then drops the cached post, so it never refetches a post that is
  // gone.
  const remove = useDeletePost();

  const confirm = () => {
    remove.mutate(post, {
      onSuccess: () => {
        setConfirming(false);
        void Promise.resolve(navigate(afterDeleteHref(post), { replace: true })).then(() => {
          queryClient.removeQueries({ queryKey: postKeys.detail(post.id) });
          showFlash(messages.posts.owner.deleted);
        });
      },
      onError: (error) => {
        setConfirming(false);
        onError(error.message || messages.posts.owner.deleteFailed);
      },
    });
  };

  return (
    <>
      <RouterButton to={postEditHref(post)} variant="outlined" startIcon={<EditIcon />}>
        {messages.posts.owner.edit}
      </RouterButton>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteIcon />}
        onClick={() => setConfirming(true)}
      >
        {messages.posts.owner.delete}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={messages.posts.owner.deleteTitle}
        body={messages.posts.owner.deleteBody}
        confirmLabel={messages.posts.owner.delete}
        busyLabel={messages.posts.owner.deleting}
        busy={remove.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
