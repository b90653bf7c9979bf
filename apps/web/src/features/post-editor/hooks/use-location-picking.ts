import { useCallback, useRef } from 'react';
import type { MapLayerMouseEvent, MapRef, MarkerDragEvent } from 'react-map-gl/maplibre';
import { useCurrentPosition } from '../../../hooks/use-current-position';
import type { MapPoint } from '../schemas/post-form-schema';

/** The zoom a placed pin is shown at. */
export const PLACE_ZOOM = 14;
/** A pin dropped on a wider view than this is rough: the map comes closer. */
const REFINE_BELOW_ZOOM = 11;

/**
 * Placing the location picker's pin: a click or tap, a drag, the map's centre (the keyboard's
 * way), the device's position; and flying the map to a chosen place.
 */
export function useLocationPicking({
  onChange,
  disabled,
}: {
  onChange: (point: MapPoint) => void;
  disabled: boolean;
}) {
  const mapRef = useRef<MapRef>(null);

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

  return {
    mapRef,
    flyTo,
    position,
    handleClick,
    handleDragEnd,
    placeAtCenter,
    /** The map arrived: the centre is the map's own again. */
    endFlight: () => {
      flightTarget.current = null;
    },
  };
}
