import { MAP_IMAGE_PLACE_ZOOM } from '@ekispot/shared';
import Box from '@mui/material/Box';
import { Marker, NavigationControl } from 'react-map-gl/maplibre';
import { messages } from '../../../config/messages';
import { MAP_COLORS } from '../../../lib/map/basemap-style';
import { BaseMap } from './base-map';

/**
 * A small map centred on a station (or, with `label`, on any place), opened from its image
 * (station-map-image.tsx): it can be panned and zoomed, so it is a named region.
 */
export function StationMiniMap({
  name,
  lat,
  lng,
  label,
  scale = 1,
}: {
  name: string;
  lat: number;
  lng: number;
  /** The map's accessible name; defaults to 「{name}駅周辺の地図」. */
  label?: string;
  /** The image's shown size over its base size: the map opens on the image's view. */
  scale?: number;
}) {
  return (
    <Box
      component="section"
      aria-label={label ?? messages.station.miniMap(name)}
      data-testid="station-mini-map"
      sx={{ position: 'absolute', inset: 0 }}
    >
      <BaseMap
        key={`${lat},${lng}`}
        initialViewState={{
          latitude: lat,
          longitude: lng,
          zoom: MAP_IMAGE_PLACE_ZOOM + Math.log2(scale),
        }}
        style={{ width: '100%', height: '100%' }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <Marker longitude={lng} latitude={lat} color={MAP_COLORS.station} />
      </BaseMap>
    </Box>
  );
}

export default StationMiniMap;
