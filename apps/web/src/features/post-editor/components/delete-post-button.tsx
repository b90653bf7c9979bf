import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';
import { showFlash } from '../../../lib/flash-message';
import { useDeletePost } from '../../../lib/post-mutations';
import type { PostData } from '../api/post-data';
import { afterDeleteHref } from '../../../config/paths';

const text = messages.postEditor.delete;

interface DeletePostButtonProps {
  post: PostData;
  disabled?: boolean;
  /** Runs before the app leaves the deleted post (caches, the unsaved-changes guard). */
  onDeleted: (post: PostData) => void;
}

/** 「この投稿を削除」 with a confirmation dialog; afterwards the app leaves the deleted post. */
export function DeletePostButton({ post, disabled = false, onDeleted }: DeletePostButtonProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeletePost();
  const navigate = useNavigate();
  const titleId = useId();
  const bodyId = useId();

  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setError(null);
  };

  const confirm = async () => {
    if (remove.isPending) return;
    setError(null);
    try {
      await remove.mutateAsync(post);
      onDeleted(post);
      showFlash(text.done);
      void navigate(afterDeleteHref(post), { replace: true });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : messages.form.unexpected);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteOutlineIcon aria-hidden="true" />}
        onClick={() => setOpen(true)}
        disabled={disabled}
      >
        {text.open}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={bodyId}>
        <DialogTitle id={titleId}>{text.title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={bodyId}>{text.body}</DialogContentText>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={remove.isPending} autoFocus>
            {text.cancel}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void confirm()}
            disabled={remove.isPending}
            startIcon={
              remove.isPending ? (
                <CircularProgress size={18} color="inherit" aria-hidden="true" />
              ) : null
            }
          >
            {remove.isPending ? text.deleting : text.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
