import MyLocationIcon from '@mui/icons-material/MyLocation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { messages } from '../../../config/messages';
import type { useCurrentPosition } from '../../../hooks/use-current-position';
import type { MapPoint } from '../schemas/post-form-schema';
import { usePostEditorKit } from './editor-kit';

const text = messages.postEditor.location;

/** Ways to bring the map to the place: a station by name, or the device's position. */
export function LocationFinders({
  onSelect,
  position,
  disabled,
}: {
  onSelect: (point: MapPoint) => void;
  position: ReturnType<typeof useCurrentPosition>;
  disabled: boolean;
}) {
  const { StationSearchBox } = usePostEditorKit();
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, mb: 1.5 }}
      >
        <StationSearchBox onSelect={onSelect} />
        <Button
          variant="outlined"
          onClick={position.locate}
          disabled={disabled || position.busy}
          startIcon={
            position.busy ? (
              <CircularProgress size={18} aria-hidden="true" />
            ) : (
              <MyLocationIcon aria-hidden="true" />
            )
          }
          sx={{ flexShrink: 0 }}
        >
          {position.busy ? text.locating : text.useCurrentPosition}
        </Button>
      </Stack>
      {position.error ? (
        <Alert
          severity="warning"
          role="alert"
          onClose={position.clearError}
          closeText={messages.postEditor.close}
          sx={{ mb: 1.5 }}
        >
          {position.error}
        </Alert>
      ) : null}
    </>
  );
}

/** The cross at the map's centre, where 「中心にピンを置く」 puts the pin. */
export function CentreCross() {
  return (
    <Box
      aria-hidden="true"
      sx={{
        position: 'absolute',
        top: '50%',
        left: '50%',
        width: 22,
        height: 22,
        transform: 'translate(-50%, -50%)',
        pointerEvents: 'none',
        '&::before, &::after': {
          content: '""',
          position: 'absolute',
          bgcolor: 'rgba(0, 0, 0, 0.55)',
        },
        '&::before': { left: 10, top: 0, width: 2, height: 22 },
        '&::after': { top: 10, left: 0, width: 22, height: 2 },
      }}
    />
  );
}
