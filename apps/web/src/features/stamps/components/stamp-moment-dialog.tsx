import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { useId } from 'react';
import { ShareButton } from '../../../components/share/share-button';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { StampImage } from './stamp-image';

const text = messages.stamps.moment;

/** The stamp comes down onto the page: big and tilted, then pressed flat. */
const pressed = keyframes`
  0% { transform: scale(1.8) rotate(-12deg); opacity: 0; }
  60% { transform: scale(0.92) rotate(2deg); opacity: 1; }
  100% { transform: scale(1) rotate(0deg); opacity: 1; }
`;

export type StampMoment =
  | { phase: 'locating' }
  | {
      phase: 'done';
      collectedOn: string;
      /** The member's stamps now, this one included. */
      myStampCount: number;
      /** Members with this station's stamp, this one included. */
      stationStampCount: number;
    }
  | { phase: 'failed'; message: string };

/**
 * The moment of a check-in, in view wherever the button was (docs/stamps.md#the-stamp-moment):
 * while the device is located, then the new stamp's art pressed onto the page (still, when the
 * system asks for reduced motion) with the member's count and a badge for the station's first
 * stamp — or, in the same place, why it could not be pressed.
 */
export function StampMomentDialog({
  moment,
  stationGroupId,
  name,
  onClose,
  onRetry,
}: {
  moment: StampMoment | null;
  stationGroupId: number;
  name: string;
  onClose: () => void;
  onRetry: () => void;
}) {
  const titleId = useId();
  const locating = moment?.phase === 'locating';
  const title =
    moment?.phase === 'done'
      ? text.doneTitle
      : moment?.phase === 'failed'
        ? text.failedTitle
        : text.locatingTitle;
  return (
    <Dialog
      open={moment !== null}
      onClose={locating ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box role="status" aria-live="polite">
          {moment?.phase === 'locating' ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
              <CircularProgress size={28} aria-hidden="true" />
              <Typography>{messages.stamps.pressing}</Typography>
            </Box>
          ) : null}
          {moment?.phase === 'done' ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
              <Box
                sx={{
                  animation: `${pressed} 450ms ease-out`,
                  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
                }}
              >
                <StampImage
                  stationGroupId={stationGroupId}
                  name={name}
                  collectedOn={moment.collectedOn}
                  size={168}
                />
              </Box>
              <Typography sx={{ fontWeight: 700 }}>{messages.stamps.collected(name)}</Typography>
              <Typography color="text.secondary">{text.nth(moment.myStampCount)}</Typography>
              {moment.stationStampCount === 1 ? (
                <Chip
                  icon={<EmojiEventsIcon aria-hidden="true" />}
                  label={text.firstHere}
                  color="secondary"
                />
              ) : null}
            </Box>
          ) : null}
        </Box>
        {moment?.phase === 'failed' ? (
          <Alert severity="warning" role="alert">
            {moment.message}
          </Alert>
        ) : null}
      </DialogContent>
      {locating ? null : (
        <DialogActions>
          {moment?.phase === 'failed' ? <Button onClick={onRetry}>{text.retry}</Button> : null}
          {moment?.phase === 'done' ? (
            <ShareButton
              title={`${name}駅`}
              text={messages.share.texts.stamped(name)}
              path={paths.station.href(stationGroupId)}
            />
          ) : null}
          <Button variant="contained" onClick={onClose} sx={{ minHeight: 44 }}>
            {text.close}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
