import MyLocationIcon from '@mui/icons-material/MyLocation';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { LazySnackbar } from '../../../components/lazy-mui';
import { messages } from '../../../config/messages';
import { useCurrentPosition } from '../../../hooks/use-current-position';

/** Moves the map to the device's position. */
export function LocateButton({ onLocate }: { onLocate: (lat: number, lng: number) => void }) {
  const { locate, busy, error, clearError } = useCurrentPosition(({ lat, lng }) =>
    onLocate(lat, lng),
  );

  return (
    <>
      <Tooltip title={busy ? messages.map.locating : messages.map.locate}>
        <span>
          <IconButton
            onClick={locate}
            disabled={busy}
            aria-label={messages.map.locate}
            color="primary"
          >
            {busy ? (
              <CircularProgress size={20} aria-label={messages.map.locating} />
            ) : (
              <MyLocationIcon />
            )}
          </IconButton>
        </span>
      </Tooltip>
      <LazySnackbar open={error !== null} autoHideDuration={6000} onClose={clearError}>
        <Alert severity="warning" onClose={clearError} variant="filled">
          {error}
        </Alert>
      </LazySnackbar>
    </>
  );
}
