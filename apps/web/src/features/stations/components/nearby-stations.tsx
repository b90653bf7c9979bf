import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLinkBase } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { formatDistance } from '../../../lib/format-distance';
import { NEARBY_LIMIT, useNearbyStations } from '../api/get-nearby-stations';

export function NearbyStations({
  stationGroupId,
  lat,
  lng,
}: {
  stationGroupId: number;
  lat: number;
  lng: number;
}) {
  const nearby = useNearbyStations({ lat, lng });
  if (nearby.isPending) return <Skeleton variant="rectangular" height={160} />;
  if (nearby.isError) return <Typography>{messages.station.loadFailed}</Typography>;
  const items = nearby.data.filter((item) => item.id !== stationGroupId).slice(0, NEARBY_LIMIT);
  if (items.length === 0) return <Typography>{messages.station.nearbyEmpty}</Typography>;
  return (
    <List dense disablePadding>
      {items.map((item) => (
        // A list holds items: the link sits inside its <li>.
        <ListItem key={item.id} disablePadding divider>
          <ListItemButton component={RouterLinkBase} to={paths.station.href(item.id)}>
            <ListItemText
              primary={item.name}
              secondary={item.lines.map((line) => line.name).join('、')}
              slotProps={{ primary: { sx: { fontWeight: 700 } } }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ ml: 2, whiteSpace: 'nowrap' }}>
              {messages.station.distanceAbout(formatDistance(item.distanceM))}
            </Typography>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
