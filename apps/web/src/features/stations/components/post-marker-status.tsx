import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { messages } from '../../../config/messages';

const text = messages.stationPosts.markers;

/**
 * Screen-reader status of the spot/event layer, and visible notes when it failed to load or
 * when the view holds more markers than one answer carries.
 */
export function PostMarkerStatus({
  active,
  loading,
  failed,
  truncated,
  count,
}: {
  active: boolean;
  loading: boolean;
  failed: boolean;
  truncated: boolean;
  count: number;
}) {
  if (!active) return null;
  return (
    <>
      <p className="visually-hidden" role="status" data-testid="post-marker-status">
        {loading ? text.loading : failed ? '' : text.count(count)}
      </p>
      {failed || truncated ? (
        <Box
          sx={{
            position: 'absolute',
            bottom: 96,
            left: 12,
            right: 12,
            mx: 'auto',
            maxWidth: 420,
            pointerEvents: 'none',
          }}
        >
          <Alert
            severity={failed ? 'warning' : 'info'}
            role={failed ? 'alert' : undefined}
            sx={{ pointerEvents: 'auto' }}
          >
            {failed ? text.failed : text.truncated}
          </Alert>
        </Box>
      ) : null}
    </>
  );
}
