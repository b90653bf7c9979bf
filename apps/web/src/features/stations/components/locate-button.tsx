import MyLocationIcon from '@mui/icons-material/MyLocation';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { messages } from '../../../config/messages';

function geolocationErrorMessage(error: GeolocationPositionError): string {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return messages.map.geolocationDenied;
    case error.TIMEOUT:
      return messages.map.geolocationTimeout;
    default:
      return messages.map.geolocationUnavailable;
  }
}

/** Moves the map to the device's position. */
export function LocateButton({ onLocate }: { onLocate: (lat: number, lng: number) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setError(messages.map.geolocationUnsupported);
      return;
    }
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setBusy(false);
        onLocate(position.coords.latitude, position.coords.longitude);
      },
      (positionError) => {
        setBusy(false);
        setError(geolocationErrorMessage(positionError));
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  };

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
      <Snackbar open={error !== null} autoHideDuration={6000} onClose={() => setError(null)}>
        <Alert severity="warning" onClose={() => setError(null)} variant="filled">
          {error}
        </Alert>
      </Snackbar>
    </>
  );
}
