import { fitMapImageView } from '@ekispot/shared';
import Box from '@mui/material/Box';
import { useMemo, type ReactNode } from 'react';
import { Marker, NavigationControl } from 'react-map-gl/maplibre';
import { MAP_COLORS } from '../../../lib/map/basemap-style';
import { BaseMap } from './base-map';

/** A place shown with its number (a list's items, in list order). */
export interface NumberedPlace {
  id: string;
  number: number;
  lat: number;
  lng: number;
  label: string;
}

const SINGLE_PLACE_ZOOM = 13;

/** The view that shows every place: their bounding box, or one place up close. */
function initialViewOf(places: readonly NumberedPlace[]) {
  const [first] = places;
  if (!first) return { latitude: 36.5, longitude: 137.5, zoom: 4 };
  if (places.length === 1)
    return { latitude: first.lat, longitude: first.lng, zoom: SINGLE_PLACE_ZOOM };
  const lats = places.map((place) => place.lat);
  const lngs = places.map((place) => place.lng);
  return {
    bounds: [
      [Math.min(...lngs), Math.min(...lats)],
      [Math.max(...lngs), Math.max(...lats)],
    ] as [[number, number], [number, number]],
    fitBoundsOptions: { padding: 48, maxZoom: 15 },
  };
}

/**
 * Numbered markers on the app's basemap, framed to show them all; it can be panned and zoomed,
 * so it is a named region. The list beside it carries the same numbers and names, and each
 * marker's name is its tooltip.
 */
export function NumberedPlacesMap({
  places,
  label,
  imageScale,
  children,
}: {
  places: readonly NumberedPlace[];
  label: string;
  /** Layers drawn under the markers (a line page's ridden sections). */
  children?: ReactNode;
  /**
   * Opened from the list's map image (map-image-preview.tsx): the image's shown size over its
   * base size, so the map starts on the image's view (docs/map.md#map-images).
   */
  imageScale?: number;
}) {
  const initialViewState = useMemo(() => {
    if (imageScale === undefined) return initialViewOf(places);
    const view = fitMapImageView(places);
    return { latitude: view.lat, longitude: view.lng, zoom: view.zoom + Math.log2(imageScale) };
  }, [places, imageScale]);
  return (
    <Box component="section" aria-label={label} sx={{ position: 'absolute', inset: 0 }}>
      <BaseMap
        // A changed set of places frames the map anew.
        key={places.map((place) => place.id).join(',')}
        initialViewState={initialViewState}
        style={{ width: '100%', height: '100%' }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {children}
        {places.map((place) => (
          <Marker key={place.id} longitude={place.lng} latitude={place.lat} anchor="center">
            <Box
              title={place.label}
              data-testid="numbered-place"
              sx={{
                width: 26,
                height: 26,
                borderRadius: '50%',
                bgcolor: MAP_COLORS.station,
                color: '#fff',
                border: '2px solid #fff',
                boxShadow: 1,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                fontSize: 13,
                fontWeight: 700,
              }}
            >
              {place.number}
            </Box>
          </Marker>
        ))}
      </BaseMap>
    </Box>
  );
}

export default NumberedPlacesMap;
