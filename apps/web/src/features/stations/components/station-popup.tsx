import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { RouterLink } from '../../../components/router-link';
import { useStation } from '../api/get-station';
import { MapPlaceCard } from './map-place-card';

export interface SelectedStation {
  id: number;
  name: string;
  lat: number;
  lng: number;
}

/** A station tapped on the map before the markers' names have loaded has no name yet. */
export type PopupStation = Omit<SelectedStation, 'name'> & { name: string | null };

/** Pop-up for a clicked or searched station: name, lines (fetched on open) and a link. */
export function StationPopup({
  station,
  onClose,
  sheet = false,
}: {
  station: PopupStation;
  onClose: () => void;
  /** On phones: a sheet along the bottom of the map (map-place-card.tsx). */
  sheet?: boolean;
}) {
  const detail = useStation(station.id);
  return (
    <MapPlaceCard
      lat={station.lat}
      lng={station.lng}
      sheet={sheet}
      onClose={onClose}
      testId="station-popup"
    >
      <Box>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {station.name ?? detail.data?.name ?? messages.map.popupNameLoading}
        </Typography>
        {detail.data ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {detail.data.prefecture.name}
            {detail.data.closed
              ? `・${messages.station.closed}（${messages.station.closedOn(detail.data.closedOn)}）`
              : ''}
          </Typography>
        ) : null}
        <Box sx={{ my: 1 }}>
          <Typography variant="caption" component="h3" color="text.secondary">
            {messages.map.popupLines}
          </Typography>
          {detail.isPending ? (
            <Typography variant="body2">{messages.map.popupLoading}</Typography>
          ) : detail.isError ? (
            <Typography variant="body2">{messages.station.loadFailed}</Typography>
          ) : (
            <Box
              component="ul"
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, listStyle: 'none' }}
            >
              {detail.data.lines.map((line) => (
                <li key={line.id}>
                  <Chip size="small" label={line.name} />
                </li>
              ))}
            </Box>
          )}
        </Box>
        <RouterLink
          to={paths.station.href(station.id)}
          sx={{ fontWeight: 700, display: 'inline-block', py: 1.25 }}
        >
          {messages.map.popupDetail}
        </RouterLink>
      </Box>
    </MapPlaceCard>
  );
}
