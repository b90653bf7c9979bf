import PostAddIcon from '@mui/icons-material/PostAdd';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';
import { useAddListItem } from '../api/add-list-item';

const text = messages.lists.editor;

/** A dialog to pick a post (the member's own, or one they liked), supplied by the page. */
export type PostPickerRender = (props: {
  open: boolean;
  title: string;
  onClose: () => void;
  onPick: (post: { id: string; title: string }) => void;
}) => ReactNode;

/**
 * 「投稿を追加」 in the list editor: pick one of the member's posts or of those they liked and add
 * it at the end, without leaving the list (docs/lists.md#screens).
 */
export function AddPostToList({
  listId,
  renderPicker,
  onNotice,
}: {
  listId: string;
  renderPicker: PostPickerRender;
  onNotice: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const add = useAddListItem();
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PostAddIcon />}
        onClick={() => setOpen(true)}
        sx={{ minHeight: 44 }}
      >
        {text.addPost}
      </Button>
      {renderPicker({
        open,
        title: text.addPostTitle,
        onClose: () => setOpen(false),
        onPick: (post) => {
          setOpen(false);
          add.mutate(
            { listId, target: { postId: post.id } },
            {
              onSuccess: () => onNotice(text.postAdded(post.title)),
              onError: (error) => onNotice(isApiError(error) ? error.message : text.failed),
            },
          );
        },
      })}
    </>
  );
}
