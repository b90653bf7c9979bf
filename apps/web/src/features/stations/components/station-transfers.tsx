import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { walkingMinutes } from '@ekispot/shared';
import { Link as RouterLink } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { formatDistance } from '../../../lib/format-distance';

export interface Transfer {
  id: number;
  name: string;
  distanceM: number;
}

/**
 * 乗り換え: the other stations of the transfer group, nearest first, each a link with a walking
 * time from the straight-line distance (docs/stations.md#one-station-per-name). Compact chips,
 * so a group of six still leaves the page's actions on a phone's first screen. Sits in the
 * station page's description list, so it is a <dt>/<dd> pair.
 */
export function StationTransfers({ transfers }: { transfers: Transfer[] }) {
  if (transfers.length === 0) return null;
  return (
    <>
      <dt>{messages.station.transfers}</dt>
      <dd>
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, mt: 0.5, listStyle: 'none' }}
        >
          {transfers.map((transfer) => {
            const minutes = walkingMinutes(transfer.distanceM);
            const distance = formatDistance(transfer.distanceM);
            return (
              <li key={transfer.id}>
                <Chip
                  component={RouterLink}
                  to={paths.station.href(transfer.id)}
                  clickable
                  variant="outlined"
                  aria-label={messages.station.transferLabel(transfer.name, distance, minutes)}
                  title={messages.station.transferLabel(transfer.name, distance, minutes)}
                  label={
                    <>
                      <Box component="span" sx={{ fontWeight: 700 }}>
                        {transfer.name}
                      </Box>
                      <Box component="span" sx={{ color: 'text.secondary', ml: 0.75 }}>
                        {messages.station.transferWalk(minutes)}
                      </Box>
                    </>
                  }
                  sx={{ height: 44, borderRadius: 22, fontSize: 15 }}
                />
              </li>
            );
          })}
        </Box>
      </dd>
    </>
  );
}
