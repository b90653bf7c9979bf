import Alert from '@mui/material/Alert';
import { messages } from '../../../config/messages';

/** Screen-reader status of the station layer; a visible alert when loading failed. */
export function MapStatus({
  loading,
  failed,
  count,
}: {
  loading: boolean;
  failed: boolean;
  count: number;
}) {
  if (failed) {
    return (
      <Alert
        severity="error"
        role="alert"
        sx={{ position: 'absolute', bottom: 40, left: 12, right: 12, mx: 'auto', maxWidth: 480 }}
      >
        {messages.map.stationsFailed}
      </Alert>
    );
  }
  return (
    <p className="visually-hidden" role="status" data-testid="map-status">
      {loading ? messages.map.loadingStations : messages.map.stationCount(count)}
    </p>
  );
}
