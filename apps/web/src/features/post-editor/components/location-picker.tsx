import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useId } from 'react';
import type { Ref } from 'react';
import { Marker, NavigationControl, ScaleControl } from 'react-map-gl/maplibre';
import { messages } from '../../../config/messages';
import { PLACE_ZOOM, useLocationPicking } from '../hooks/use-location-picking';
import type { MapPoint } from '../schemas/post-form-schema';
import { usePostEditorKit } from './editor-kit';
import { CentreCross, LocationFinders } from './location-picker-parts';

const text = messages.postEditor.location;
/** The whole of Japan, before anything is chosen. */
const JAPAN_VIEW = { lat: 36.5, lng: 137.5, zoom: 4.6 };

interface LocationPickerProps {
  label: string;
  value: MapPoint | null;
  onChange: (point: MapPoint) => void;
  required?: boolean;
  disabled?: boolean;
  error?: string | undefined;
  /** Focus target when the place is missing or invalid. */
  buttonRef?: Ref<HTMLButtonElement>;
  /**
   * Where the map opens while no place is chosen: the station the form was opened from
   * (its page's 投稿), instead of the whole of Japan.
   */
  startAt?: (MapPoint & { name: string }) | null;
}

function formatDistance(meters: number): string {
  return meters >= 1000 ? `${(meters / 1000).toFixed(1)}km` : `${Math.round(meters / 10) * 10}m`;
}

/** The nearest station to the chosen place, as a hint of where it is. */
function NearestStation({ point }: { point: MapPoint }) {
  // Rounded (about 10 m) so that small moves of the pin reuse the answer.
  const nearest = usePostEditorKit().useNearestStation({
    lat: Math.round(point.lat * 10_000) / 10_000,
    lng: Math.round(point.lng * 10_000) / 10_000,
  });
  if (!nearest) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {text.nearestStation(nearest.name, formatDistance(nearest.distanceM))}
    </Typography>
  );
}

/**
 * A place picked on the map: click or tap drops the pin, dragging moves it. Without a
 * pointer: move the map with the arrow keys and put the pin at its centre, use the
 * device's position, or jump to a station by name first.
 */
export function LocationPicker({
  label,
  value,
  onChange,
  required = false,
  disabled = false,
  error,
  buttonRef,
  startAt = null,
}: LocationPickerProps) {
  const { MapView } = usePostEditorKit();
  const labelId = useId();
  const helpId = useId();
  const statusId = useId();
  const errorId = useId();
  const { mapRef, flyTo, position, handleClick, handleDragEnd, placeAtCenter, endFlight } =
    useLocationPicking({ onChange, disabled });
  const start = value ?? startAt ?? JAPAN_VIEW;
  const startZoom = value || startAt ? PLACE_ZOOM : JAPAN_VIEW.zoom;

  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      aria-describedby={[helpId, statusId, error ? errorId : null].filter(Boolean).join(' ')}
    >
      <Typography id={labelId} component="span" sx={{ fontWeight: 700, display: 'block' }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
        {text.instructions}
      </Typography>
      <LocationFinders onSelect={flyTo} position={position} disabled={disabled} />
      <Box
        aria-label={text.mapLabel}
        role="region"
        sx={{
          position: 'relative',
          height: { xs: 300, sm: 380 },
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
        }}
      >
        <Suspense
          fallback={<Skeleton variant="rectangular" sx={{ position: 'absolute', inset: 0 }} />}
        >
          <MapView
            ref={mapRef}
            initialViewState={{ latitude: start.lat, longitude: start.lng, zoom: startZoom }}
            style={{ width: '100%', height: '100%' }}
            minZoom={3}
            maxZoom={19}
            cursor={disabled ? 'default' : 'crosshair'}
            onClick={handleClick}
            onMoveEnd={endFlight}
          >
            {value ? (
              <Marker
                longitude={value.lng}
                latitude={value.lat}
                anchor="bottom"
                draggable={!disabled}
                onDragEnd={handleDragEnd}
              >
                <PlaceIcon sx={{ fontSize: 44, color: 'secondary.main', display: 'block' }} />
              </Marker>
            ) : null}
            <NavigationControl position="top-right" showCompass={false} />
            <ScaleControl position="bottom-left" unit="metric" />
          </MapView>
        </Suspense>
        <CentreCross />
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' }, mt: 1.5 }}
      >
        <Button
          ref={buttonRef}
          variant="outlined"
          aria-describedby={error ? errorId : undefined}
          startIcon={<PlaceIcon aria-hidden="true" />}
          onClick={placeAtCenter}
          disabled={disabled}
          sx={{ flexShrink: 0 }}
        >
          {text.placeAtCenter}
        </Button>
        <Box id={statusId} role="status" aria-live="polite">
          <Typography variant="body2">
            {value ? text.selected(value.lat, value.lng) : text.notSelected}
          </Typography>
          {value ? <NearestStation point={value} /> : null}
          {!value && startAt ? (
            <Typography variant="body2" color="text.secondary">
              {text.startedAt(startAt.name)}
            </Typography>
          ) : null}
        </Box>
      </Stack>
      {error ? (
        <FormHelperText id={errorId} error sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
