import { POST_KIND_LABELS } from '@ekispot/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { RouterLink } from '../../../components/router-link';
import { eventStatus, formatEventStart } from '../../../lib/japan-time';
import type { PostMarker } from '../utils/post-markers';
import { MapPlaceCard } from './map-place-card';

export interface SelectedPosts {
  lat: number;
  lng: number;
  /** One clicked marker, or the markers of a cluster too close together to split. */
  markers: PostMarker[];
}

/** Pop-up for clicked spots/events: kind, title, an event's start, and links to the posts. */
export function PostMarkerPopup({
  selection,
  onClose,
  sheet = false,
}: {
  selection: SelectedPosts;
  onClose: () => void;
  /** On phones: a sheet along the bottom of the map (map-place-card.tsx). */
  sheet?: boolean;
}) {
  const [only] = selection.markers;
  const single = selection.markers.length === 1 ? only : undefined;
  return (
    <MapPlaceCard
      lat={selection.lat}
      lng={selection.lng}
      sheet={sheet}
      onClose={onClose}
      testId="post-popup"
    >
      <Box>
        {single ? (
          <MarkerSummary marker={single} heading />
        ) : (
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 280, overflowY: 'auto' }}
          >
            {selection.markers.map((marker) => (
              <Box
                component="li"
                key={marker.id}
                sx={{ py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}
              >
                <MarkerSummary marker={marker} heading={false} />
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </MapPlaceCard>
  );
}

function MarkerSummary({ marker, heading }: { marker: PostMarker; heading: boolean }) {
  if (marker.kind === 'station') return null;
  const label = POST_KIND_LABELS[marker.kind];
  const status = marker.kind === 'event' ? eventStatus(marker.startsAt, marker.endsAt) : null;
  const title = marker.title || label;
  return (
    <>
      <Stack direction="row" spacing={0.5} sx={{ mb: 0.5 }}>
        <Chip size="small" label={label} />
        {status ? (
          <Chip
            size="small"
            variant="outlined"
            color={status === 'ended' ? 'default' : 'primary'}
            label={messages.eventStatus[status]}
          />
        ) : null}
      </Stack>
      {heading ? (
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {title}
        </Typography>
      ) : (
        <RouterLink to={paths.post.href(marker.id)} sx={{ fontWeight: 700 }}>
          {title}
        </RouterLink>
      )}
      {marker.kind === 'event' && marker.startsAt ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {formatEventStart(marker.startsAt)}
        </Typography>
      ) : null}
      {heading ? (
        <RouterLink
          to={paths.post.href(marker.id)}
          sx={{ fontWeight: 700, display: 'inline-block', mt: 1 }}
        >
          {messages.stationPosts.markers.open}
        </RouterLink>
      ) : null}
    </>
  );
}
