import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { Popup } from 'react-map-gl/maplibre';
import { messages } from '../../../config/messages';

/**
 * What a tapped station or post shows on the map (docs/map.md#pop-ups): on a phone a sheet along
 * the bottom of the map, always whole on screen whatever was tapped near an edge; on a wider
 * screen a pop-up at the place that MapLibre turns to stay inside the map. Either way the close
 * button is a 44 px target.
 */
export function MapPlaceCard({
  lat,
  lng,
  sheet,
  onClose,
  testId,
  children,
}: {
  lat: number;
  lng: number;
  /** A phone: the bottom sheet instead of the pop-up. */
  sheet: boolean;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  const close = (
    <IconButton
      onClick={onClose}
      aria-label={messages.map.popupClose}
      sx={{ position: 'absolute', top: 0, right: 0, width: 44, height: 44 }}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
  if (sheet) {
    return (
      <Paper
        elevation={6}
        role="dialog"
        aria-modal="false"
        data-testid={testId}
        sx={{
          position: 'absolute',
          left: 8,
          right: 8,
          // Above the scale and the attribution along the map's bottom edge.
          bottom: 36,
          zIndex: 2,
          p: 2,
          pr: 6,
          maxHeight: '45%',
          overflowY: 'auto',
        }}
      >
        {close}
        {children}
      </Paper>
    );
  }
  return (
    <Popup
      longitude={lng}
      latitude={lat}
      // No fixed anchor: MapLibre places the pop-up on the side that keeps it inside the map.
      offset={14}
      onClose={onClose}
      closeButton={false}
      closeOnClick={false}
      maxWidth="300px"
      focusAfterOpen
    >
      <Box sx={{ minWidth: 200, pr: 4, position: 'relative' }} data-testid={testId}>
        <Box sx={{ position: 'absolute', top: -8, right: -8 }}>{close}</Box>
        {children}
      </Box>
    </Popup>
  );
}
