import TouchAppOutlined from '@mui/icons-material/TouchAppOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { messages } from '../../../config/messages';
import {
  MAP_START_ATTRIBUTE,
  MAP_STARTED_ATTRIBUTE,
  SAVE_DATA_ATTRIBUTE,
  startMap,
} from '../../../lib/save-data-start';

/** While the page holds its map back: the entry marked `<html>` and nobody asked for the map. */
export const WHILE_MAP_WAITS = `html[${SAVE_DATA_ATTRIBUTE}]:not([${MAP_STARTED_ATTRIBUTE}]) &`;

/**
 * The top map's start when the browser asks to save data (docs/pwa.md#save-data-on-the-top-page):
 * a note and 「地図を操作する」 over the country image. In the server's HTML on every visit and
 * shown only while the map waits (the entry marks `<html>`), so it works before the app has
 * loaded: a press on it is what loads the app and the map (lib/save-data-start.ts).
 */
export function MapStart() {
  return (
    <Box
      data-testid="map-start"
      sx={{
        display: 'none',
        [WHILE_MAP_WAITS]: { display: 'flex' },
        position: 'absolute',
        left: 12,
        right: 12,
        bottom: 24,
        mx: 'auto',
        maxWidth: 400,
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
        p: 2,
        borderRadius: 2,
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: 2,
        textAlign: 'center',
      }}
    >
      <Box component="p" sx={{ m: 0, typography: 'body2' }}>
        {messages.map.waitsForVisitor}
      </Box>
      <Button
        variant="contained"
        startIcon={<TouchAppOutlined aria-hidden />}
        onClick={startMap}
        sx={{ minHeight: 44, px: 2.5, fontWeight: 700 }}
        {...{ [MAP_START_ATTRIBUTE]: '' }}
      >
        {messages.station.openMap}
      </Button>
      {/* The image shows the data's stations: credited as the map's own attribution does. */}
      <Box component="p" sx={{ m: 0, typography: 'caption', color: 'text.secondary' }}>
        {`${messages.map.attributionNaturalEarth} | ${messages.map.attributionStations}`}
      </Box>
    </Box>
  );
}
