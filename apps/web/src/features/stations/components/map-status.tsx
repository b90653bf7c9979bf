import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { messages } from '../../../config/messages';
import { WHILE_MAP_WAITS } from './map-start';

/**
 * Where the top map is (docs/map.md#while-it-loads): `starting` from the server's first paint
 * until a frame shows the station clusters, `drawn` after, `unavailable` when the map could not
 * start at all (no WebGL).
 */
export type MapStage = 'starting' | 'drawn' | 'unavailable';

const spin = keyframes`to { transform: rotate(360deg); }`;

/**
 * The map's status: while it starts, a visible 「地図を読み込んでいます…」 in the middle of the
 * map; once drawn, the same live region, hidden, says how many stations it shows. A failure to
 * start or to load the stations is a visible alert.
 */
export function MapStatus({
  stage,
  failed,
  count,
}: {
  stage: MapStage;
  failed: boolean;
  count: number;
}) {
  if (failed || stage === 'unavailable') {
    return (
      <Alert
        severity="error"
        role="alert"
        sx={{ position: 'absolute', bottom: 40, left: 12, right: 12, mx: 'auto', maxWidth: 480 }}
      >
        {failed ? messages.map.stationsFailed : messages.map.unavailable}
      </Alert>
    );
  }
  if (stage === 'drawn') {
    return (
      <p className="visually-hidden" role="status" data-testid="map-status">
        {messages.map.stationCount(count)}
      </p>
    );
  }
  return (
    <Box
      component="p"
      role="status"
      data-testid="map-status"
      sx={{
        position: 'absolute',
        top: '50%',
        left: '50%',
        transform: 'translate(-50%, -50%)',
        m: 0,
        px: 2,
        py: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        maxWidth: 'calc(100% - 32px)',
        width: 'max-content',
        borderRadius: 999,
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: 2,
        typography: 'body2',
        pointerEvents: 'none',
        // Nothing loads while the map waits for the visitor (Save-Data): its start shows instead.
        [WHILE_MAP_WAITS]: { display: 'none' },
      }}
    >
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          flex: 'none',
          width: 16,
          height: 16,
          borderRadius: '50%',
          border: 2,
          borderColor: 'primary.main',
          borderTopColor: 'transparent',
          animation: `${spin} 0.8s linear infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      />
      {messages.map.starting}
    </Box>
  );
}
