import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { messages } from '../../../config/messages';
import type { MapMarkerKind } from '@ekispot/shared';
import { LocateButton } from './locate-button';
import { MapKindFilter } from './map-kind-filter';
import { MapLegend } from './map-legend';
import type { SelectedStation } from './station-popup';
import { StationSearchField } from './station-search-field';

/**
 * The map's panel (docs/map.md#the-panel): the one search of the map page (stations by name,
 * reading or romaji, and lines) with 現在地, and behind 「表示の設定」 the kind filters, the legend
 * and the ended-events switch. On a phone the settings start folded, so the panel covers one
 * row of the map instead of a fifth of it.
 */
export function MapPanel({
  phone,
  kinds,
  onToggleKind,
  showEnded,
  onShowEnded,
  onSelect,
  onLocate,
}: {
  phone: boolean;
  kinds: readonly MapMarkerKind[];
  onToggleKind: (kind: MapMarkerKind) => void;
  showEnded: boolean;
  onShowEnded: (show: boolean) => void;
  onSelect: (station: SelectedStation) => void;
  onLocate: (lat: number, lng: number) => void;
}) {
  // Folded on a phone, open elsewhere, until the reader chooses: the screen is known only in the
  // browser, after the server-drawn page has hydrated.
  const [choice, setChoice] = useState<boolean | null>(null);
  const open = choice ?? !phone;
  const settingsId = useId();
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'absolute',
        top: 12,
        left: 12,
        // On a phone it leaves room for MapLibre's zoom buttons (44 px on a touch screen, 10 px
        // from the edge) with a gap as wide as the map's own margins.
        right: { xs: 62, sm: 'auto' },
        width: { sm: 360 },
        p: 1,
        zIndex: 1,
      }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <StationSearchField onSelect={onSelect} />
        <LocateButton onLocate={onLocate} />
        <IconButton
          onClick={() => setChoice(!open)}
          aria-expanded={open}
          aria-controls={settingsId}
          aria-label={messages.map.settings}
          color={open ? 'primary' : 'default'}
          sx={{ width: 44, height: 44 }}
        >
          <TuneIcon />
        </IconButton>
      </Stack>
      <Collapse in={open} id={settingsId}>
        <Box sx={{ mt: 1 }}>
          <MapKindFilter kinds={kinds} onToggle={onToggleKind} />
        </Box>
        <Stack
          direction="row"
          sx={{ mt: 0.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <MapLegend />
          {kinds.includes('event') ? (
            <FormControlLabel
              // MUI pulls the label left by the switch's padding; wrapped under the legend, that
              // put the switch against the panel's edge.
              sx={{ mr: 0, ml: 0 }}
              control={
                <Switch
                  size="small"
                  checked={showEnded}
                  onChange={(_, checked) => onShowEnded(checked)}
                />
              }
              label={<Typography variant="caption">{messages.map.showEndedEvents}</Typography>}
            />
          ) : null}
        </Stack>
      </Collapse>
    </Paper>
  );
}
