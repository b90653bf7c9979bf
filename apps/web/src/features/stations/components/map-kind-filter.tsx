import CheckIcon from '@mui/icons-material/Check';
import { MAP_MARKER_KINDS } from '@ekispot/shared';
import type { MapMarkerKind } from '@ekispot/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { messages } from '../../../config/messages';
import { MAP_COLORS } from '../../../lib/map/basemap-style';
import { POST_MARKER_COLORS } from '../utils/post-layers';

const SWATCHES: Record<MapMarkerKind, string> = {
  station: MAP_COLORS.station,
  spot: POST_MARKER_COLORS.spot,
  event: POST_MARKER_COLORS.event,
};

/**
 * One toggle chip per marker kind (駅・スポット・イベント). Each is a button with
 * aria-pressed, reached with Tab and switched with Enter or Space.
 */
export function MapKindFilter({
  kinds,
  onToggle,
}: {
  kinds: readonly MapMarkerKind[];
  onToggle: (kind: MapMarkerKind) => void;
}) {
  return (
    <Stack
      direction="row"
      spacing={0.75}
      role="group"
      aria-label={messages.stationPosts.markers.filterLabel}
      sx={{ flexWrap: 'wrap' }}
    >
      {MAP_MARKER_KINDS.map((kind) => {
        const on = kinds.includes(kind);
        return (
          <Chip
            key={kind}
            component="button"
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(kind)}
            variant={on ? 'filled' : 'outlined'}
            size="small"
            icon={
              on ? (
                <CheckIcon aria-hidden="true" />
              ) : (
                <Box
                  component="span"
                  aria-hidden="true"
                  sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: SWATCHES[kind] }}
                />
              )
            }
            label={messages.stationPosts.markers[kind]}
            sx={{
              borderColor: SWATCHES[kind],
              ...(on
                ? {
                    bgcolor: SWATCHES[kind],
                    color: '#ffffff',
                    '& .MuiChip-icon': { color: '#ffffff' },
                  }
                : {}),
              '&:hover': on ? { bgcolor: SWATCHES[kind], filter: 'brightness(0.92)' } : {},
            }}
          />
        );
      })}
    </Stack>
  );
}
