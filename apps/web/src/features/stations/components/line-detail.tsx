import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { usePrimaryLoading } from '../../../lib/page-loading';
import { useLine } from '../api/get-line';
import { NumberedPlacesMap, type NumberedPlace } from './numbered-places-map';
import { OfflineView } from '../../../components/offline';
import { isWaitingForNetwork } from '../../../lib/online-status';

const text = messages.line;

/**
 * /line/:lineId — a line's stations in order along it, numbered on a small map and in a list,
 * each a link to its station; closed stations are marked 廃駅 (docs/stations.md#search).
 */
/**
 * What the rides feature adds to a line page (docs/rides.md#line-pages), composed by the route:
 * the member's ridden sections (station id pairs), a panel above the list, a map overlay, and
 * while recording, a tap on a station picks it instead of opening it.
 */
export interface LineRideProps {
  riddenSections?: readonly (readonly [number, number])[];
  ridePanel?: ReactNode;
  mapOverlay?: ReactNode;
  onPickStation?: ((stationGroupId: number) => void) | null;
  pickedStation?: number | null;
}

export function LineDetail({
  lineId,
  riddenSections,
  ridePanel,
  mapOverlay,
  onPickStation,
  pickedStation,
}: { lineId: number } & LineRideProps) {
  const line = useLine(lineId);
  usePrimaryLoading(line.isPending);
  useDocumentTitle(line.data?.name ?? null);
  const ridden = useMemo(
    () => new Set((riddenSections ?? []).flatMap(([a, b]) => [`${a}-${b}`, `${b}-${a}`])),
    [riddenSections],
  );
  const places = useMemo<NumberedPlace[]>(
    () =>
      (line.data?.stations ?? []).map((station, index) => ({
        id: String(station.id),
        number: index + 1,
        lat: station.lat,
        lng: station.lng,
        label: station.groupName,
      })),
    [line.data],
  );

  // The route's error boundary shows the 404 page for an ApiError 404, else the 500 page.
  if (line.isError) throw line.error;
  if (isWaitingForNetwork(line)) return <OfflineView onRetry={() => void line.refetch()} />;
  if (line.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={messages.loading} />
      </Box>
    );
  }

  const data = line.data;
  const open = data.stations.filter((station) => !station.closed).length;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <BackLink fallback={paths.home.href()} />
      <Box component="header" sx={{ mb: 2 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {data.name}
        </Typography>
        <Typography color="text.secondary">
          {[data.companyName, text.summary(open)].filter(Boolean).join('・')}
        </Typography>
        {data.closed ? <Chip label={text.closedLine} size="small" sx={{ mt: 1 }} /> : null}
      </Box>
      <Paper
        variant="outlined"
        sx={{ height: { xs: 240, md: 360 }, position: 'relative', overflow: 'hidden', mb: 3 }}
      >
        <NumberedPlacesMap places={places} label={text.map(data.name)}>
          {mapOverlay}
        </NumberedPlacesMap>
      </Paper>
      {ridePanel}
      <Box component="section" aria-labelledby="line-stations-heading">
        <Typography id="line-stations-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          {text.stations}
        </Typography>
        <List component="ol" disablePadding sx={{ listStyle: 'none' }}>
          {data.stations.map((station, index) => {
            // A loop's last station runs on to its first (山手線's 品川 → 大崎).
            const next = data.stations[index + 1] ?? data.stations[0];
            const sectionRidden =
              next !== undefined && ridden.has(`${station.stationGroupId}-${next.stationGroupId}`);
            const link = onPickStation
              ? {
                  component: 'button' as const,
                  onClick: () => onPickStation(station.stationGroupId),
                  selected: pickedStation === station.stationGroupId,
                }
              : { component: RouterLink, to: paths.station.href(station.stationGroupId) };
            return (
              <ListItem
                key={station.id}
                disablePadding
                divider
                data-ridden={sectionRidden ? 'true' : undefined}
                sx={
                  sectionRidden
                    ? { borderLeft: 6, borderLeftColor: 'secondary.main' }
                    : { borderLeft: 6, borderLeftColor: 'transparent' }
                }
              >
                <ListItemButton {...link} sx={{ minHeight: 48, gap: 1.5, width: '100%' }}>
                  <Box
                    aria-hidden="true"
                    sx={{
                      minWidth: 28,
                      height: 28,
                      borderRadius: 14,
                      bgcolor: station.closed ? 'grey.500' : 'primary.main',
                      color: 'primary.contrastText',
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      fontSize: 13,
                      fontWeight: 700,
                    }}
                  >
                    {index + 1}
                  </Box>
                  <ListItemText
                    primary={
                      station.name === station.groupName
                        ? station.name
                        : `${station.name}（${station.groupName}）`
                    }
                    secondary={sectionRidden ? messages.rides.riddenSection : undefined}
                    slotProps={{ primary: { sx: { fontWeight: 700 } } }}
                  />
                  {station.closed ? <Chip size="small" label={text.closed} /> : null}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
    </Container>
  );
}
