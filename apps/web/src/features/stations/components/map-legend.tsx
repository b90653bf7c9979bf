import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import { MAP_COLORS } from '../../../lib/map/basemap-style';
import { POST_MARKER_COLORS } from '../utils/post-layers';

const ITEMS = [
  { key: 'station', color: MAP_COLORS.station, ring: '#ffffff' },
  { key: 'spot', color: POST_MARKER_COLORS.spot, ring: '#ffffff' },
  { key: 'event', color: POST_MARKER_COLORS.event, ring: '#ffffff' },
  { key: 'upcoming', color: POST_MARKER_COLORS.event, ring: POST_MARKER_COLORS.upcomingRing },
] as const;

/** What each marker means: a small key under the map's filters. */
export function MapLegend() {
  return (
    <Stack
      component="ul"
      direction="row"
      aria-label={messages.map.legendLabel}
      sx={{ flexWrap: 'wrap', columnGap: 1.25, rowGap: 0.25, p: 0, m: 0, listStyle: 'none' }}
    >
      {ITEMS.map((item) => (
        <Stack
          key={item.key}
          component="li"
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'center' }}
        >
          <Box
            component="span"
            aria-hidden="true"
            sx={{
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: item.color,
              boxShadow: `0 0 0 2px ${item.ring}, 0 0 0 3px rgba(0,0,0,0.25)`,
            }}
          />
          <Typography variant="caption">{messages.map.legend[item.key]}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
