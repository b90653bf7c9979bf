import MyLocationIcon from '@mui/icons-material/MyLocation';
import PlaceIcon from '@mui/icons-material/Place';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useCallback, useId, useRef } from 'react';
import type { Ref } from 'react';
import { Marker, NavigationControl, ScaleControl } from 'react-map-gl/maplibre';
import type { MapLayerMouseEvent, MapRef, MarkerDragEvent } from 'react-map-gl/maplibre';
import { messages } from '../../../config/messages';
import { useCurrentPosition } from '../../../hooks/use-current-position';
import type { MapPoint } from '../schemas/post-form-schema';
import { usePostEditorKit } from './editor-kit';

const text = messages.postEditor.location;
const PLACE_ZOOM = 14;
const REFINE_BELOW_ZOOM = 11;
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
  const { MapView, StationSearchBox } = usePostEditorKit();
  const mapRef = useRef<MapRef>(null);
  const labelId = useId();
  const helpId = useId();
  const statusId = useId();
  const errorId = useId();

  // Where the map is flying (a chosen station, the device's position) until it gets there.
  const flightTarget = useRef<MapPoint | null>(null);

  const flyTo = useCallback((point: MapPoint) => {
    const map = mapRef.current;
    flightTarget.current = point;
    map?.flyTo({
      center: [point.lng, point.lat],
      zoom: Math.max(PLACE_ZOOM, map.getZoom()),
      duration: 1000,
    });
  }, []);

  const placeAtPosition = useCallback(
    (point: MapPoint) => {
      onChange(point);
      flyTo(point);
    },
    [flyTo, onChange],
  );
  const position = useCurrentPosition(placeAtPosition);

  const handleClick = (event: MapLayerMouseEvent) => {
    if (disabled) return;
    const point = { lat: event.lngLat.lat, lng: event.lngLat.lng };
    onChange(point);
    // A pin dropped on the whole-country view is rough: come closer so it can be adjusted.
    if (event.target.getZoom() < REFINE_BELOW_ZOOM) flyTo(point);
  };
  const handleDragEnd = (event: MarkerDragEvent) => {
    onChange({ lat: event.lngLat.lat, lng: event.lngLat.lng });
  };
  const placeAtCenter = () => {
    const map = mapRef.current;
    if (!map) return;
    // Pressed while the map is still flying to a chosen station: the pin goes where it is
    // going, not to a point on the way.
    const target = map.isMoving() ? flightTarget.current : null;
    const center = target ?? map.getCenter();
    onChange({ lat: center.lat, lng: center.lng });
  };
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
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, mb: 1.5 }}
      >
        <StationSearchBox onSelect={flyTo} />
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
            onMoveEnd={() => {
              flightTarget.current = null;
            }}
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
        {/* The centre the keyboard button uses. */}
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
