import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { RouterLink } from '../../../components/router-link';
import { useStation } from '../api/get-station';
import { LineChip } from './line-chip';
import { MapPlaceCard } from './map-place-card';
import { STATION_LINES_SHOWN } from './station-lines';

export interface SelectedStation {
  id: number;
  name: string;
  lat: number;
  lng: number;
}

/** A station tapped on the map before the markers' names have loaded has no name yet. */
export type PopupStation = Omit<SelectedStation, 'name'> & { name: string | null };

/**
 * Pop-up for a clicked or searched station: name, lines (fetched on open; each a link to its
 * page, as on the station's page) and a link to the station. On a phone's sheet, where a line is
 * a 44 px chip, a station of many lines shows the first few and a button for the rest, as its
 * page does, so that the link to the station stays in view.
 */
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
  // Which station's lines are all shown: another station tapped starts folded again.
  const [unfolded, setUnfolded] = useState<number | null>(null);
  const lines = detail.data?.lines ?? [];
  const folded =
    sheet && unfolded !== station.id ? Math.max(0, lines.length - STATION_LINES_SHOWN) : 0;
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
              {lines.slice(0, lines.length - folded).map((line) => (
                <li key={line.id}>
                  <LineChip line={line} size="small" />
                </li>
              ))}
              {folded > 0 ? (
                <li>
                  <Button size="small" onClick={() => setUnfolded(station.id)}>
                    {messages.station.moreLines(folded)}
                  </Button>
                </li>
              ) : null}
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
