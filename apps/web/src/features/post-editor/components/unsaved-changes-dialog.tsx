import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { Blocker } from 'react-router';
import { messages } from '../../../config/messages';

const text = messages.postEditor.unsaved;

/** Shown while a navigation away from a dirty form waits: stay (the default) or discard. */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const titleId = useId();
  const bodyId = useId();
  const open = blocker.state === 'blocked';
  return (
    <Dialog
      open={open}
      onClose={() => blocker.reset?.()}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
    >
      <DialogTitle id={titleId}>{text.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{text.body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {text.stay}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {text.leave}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
