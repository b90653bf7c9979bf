import Box from '@mui/material/Box';
import { Marker } from 'react-map-gl/maplibre';
import { messages } from '../../../config/messages';
import { MAP_COLORS } from '../../../lib/map/basemap-style';
import { BaseMap } from './base-map';

/** A small, static map centred on a station (or, with `label`, on any place). */
export function StationMiniMap({
  name,
  lat,
  lng,
  label,
}: {
  name: string;
  lat: number;
  lng: number;
  /** The map's accessible name; defaults to 「{name}駅周辺の地図」. */
  label?: string;
}) {
  return (
    <Box
      role="img"
      aria-label={label ?? messages.station.miniMap(name)}
      sx={{ position: 'absolute', inset: 0 }}
    >
      <BaseMap
        key={`${lat},${lng}`}
        initialViewState={{ latitude: lat, longitude: lng, zoom: 13 }}
        style={{ width: '100%', height: '100%' }}
        interactive={false}
      >
        <Marker longitude={lng} latitude={lat} color={MAP_COLORS.station} />
      </BaseMap>
    </Box>
  );
}
