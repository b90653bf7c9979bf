import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { messages } from '../../../config/messages';
import type { SelectedStation } from './station-popup';
import { StationSearchBox } from './station-search-box';

export interface StationPickerDialogProps {
  open: boolean;
  title: string;
  intro: string;
  onPick: (station: SelectedStation) => void;
  onClose: () => void;
  /** Another way on, beside キャンセル (e.g. an event without a station). */
  extraAction?: ReactNode;
}

/**
 * A small dialog with the station search: the header's 「駅を探す」 and the post menu's
 * イベント / 駅の写真, which need a station before their form opens. Keyboard: the field has
 * the focus, arrows and Enter choose, Escape closes.
 */
export function StationPickerDialog({
  open,
  title,
  intro,
  onPick,
  onClose,
  extraAction,
}: StationPickerDialogProps) {
  const titleId = useId();
  const introId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={introId}
      fullWidth
      maxWidth="xs"
      // The list of matches opens below the field: keep the dialog near the top.
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      slotProps={{ paper: { sx: { mt: { xs: 8, md: 12 } } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ overflow: 'visible' }}>
        <DialogContentText id={introId} sx={{ mb: 2 }}>
          {intro}
        </DialogContentText>
        {open ? <StationSearchBox autoFocus onSelect={onPick} /> : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {extraAction}
        <Button onClick={onClose}>{messages.stationPicker.cancel}</Button>
      </DialogActions>
    </Dialog>
  );
}
