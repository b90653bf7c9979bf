import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { RouterButton } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import type { PostData } from '../api/post-data';
import { DeletePostButton } from './delete-post-button';

const text = messages.postEditor.submit;

/**
 * The foot of a post form: 投稿する (保存する when editing) with its progress, キャンセル, and for
 * a saved post its delete button below a divider.
 */
export function EditorActions({
  post,
  busy,
  cancelHref,
  onDeleted,
}: {
  post: PostData | undefined;
  busy: boolean;
  cancelHref: string;
  onDeleted: (post: PostData) => void;
}) {
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          startIcon={
            busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null
          }
        >
          {busy ? (post ? text.updating : text.creating) : post ? text.update : text.create}
        </Button>
        <RouterButton to={cancelHref} size="large" disabled={busy}>
          {text.cancel}
        </RouterButton>
      </Stack>
      {post ? (
        <>
          <Divider />
          <Stack sx={{ alignItems: 'flex-start' }}>
            <DeletePostButton post={post} disabled={busy} onDeleted={onDeleted} />
          </Stack>
        </>
      ) : null}
    </>
  );
}
