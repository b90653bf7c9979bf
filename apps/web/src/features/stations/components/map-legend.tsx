import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import { MAP_COLORS } from '../../../lib/map/basemap-style';
import { POST_MARKER_COLORS } from '../utils/post-layers';

const ITEMS = [
  { key: 'station', color: MAP_COLORS.station, ring: null },
  { key: 'spot', color: POST_MARKER_COLORS.spot, ring: null },
  { key: 'event', color: POST_MARKER_COLORS.event, ring: null },
  { key: 'upcoming', color: POST_MARKER_COLORS.event, ring: POST_MARKER_COLORS.upcomingRing },
] as const;

/**
 * What each marker means: a key under the map's filters, headed 「凡例」 so it reads as a key
 * and not as choices (its swatches are plain filled dots, not rings like a radio button).
 */
export function MapLegend() {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', columnGap: 1, flexWrap: 'wrap' }}>
      <Typography variant="caption" sx={{ fontWeight: 700 }} aria-hidden="true">
        {messages.map.legendHeading}
      </Typography>
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
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: item.color,
                border: item.ring ? `3px solid ${item.ring}` : '1px solid rgba(0,0,0,0.35)',
                boxSizing: 'border-box',
              }}
            />
            <Typography variant="caption">{messages.map.legend[item.key]}</Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
