import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { messages } from '../../../config/messages';

const text = messages.postEditor.pastEvent;

/**
 * Asks before an event that already started is posted: fixing the date (the default, and
 * what Escape does) or posting it as it is.
 */
export function PastEventDialog({
  start,
  onConfirm,
  onCancel,
}: {
  /** The start as shown to the user; null keeps the dialog closed. */
  start: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={start !== null}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
    >
      <DialogTitle id={titleId}>{text.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{text.body(start ?? '')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {text.fix}
        </Button>
        <Button onClick={onConfirm}>{text.confirm}</Button>
      </DialogActions>
    </Dialog>
  );
}
