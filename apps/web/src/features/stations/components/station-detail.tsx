import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../config/messages';
import { usePrimaryLoading } from '../../../lib/page-loading';
import { formatJapanDay } from '../../../lib/japan-time';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useStation } from '../api/get-station';
import { NearbyStations } from './nearby-stations';
import { StationMapImage } from './station-map-image';
import { StationPosts } from './station-posts';
import { StationLines } from './station-lines';
import { StationTransfers } from './station-transfers';
import { StationWantButton } from './station-want-button';
import { BackLink } from '../../../components/back-link';
import { ShareButton } from '../../../components/share/share-button';
import { OfflineView } from '../../../components/offline';
import { isWaitingForNetwork } from '../../../lib/online-status';
import { formatCount } from '../../../lib/format-count';

/**
 * /station/:stationGroupId — name, lines, address, 行きたい, mini map, the station's posts
 * and nearby stations.
 */
export function StationDetail({
  stationGroupId,
  stampButton,
  renderActions,
}: {
  stationGroupId: number;
  /** 「スタンプを押す」, from the stamps feature (open stations only). */
  stampButton: (name: string) => ReactNode;
  /** More member actions beside 行きたい (the page supplies 「リストに追加」). */
  renderActions?: (stationGroupId: number, onNotice: (message: string) => void) => ReactNode;
}) {
  const station = useStation(stationGroupId);
  usePrimaryLoading(station.isPending);
  const name = station.data?.name;
  const [notice, setNotice] = useState<string | null>(null);

  useDocumentTitle(name ? `${name}${messages.station.titleSuffix}` : null);
  // A platform's id answers with its station (docs/stations.md#one-station-per-name): the
  // address bar then names the station.
  const navigate = useNavigate();
  const canonicalId = station.data?.id;
  useEffect(() => {
    if (canonicalId !== undefined && canonicalId !== stationGroupId)
      void navigate(paths.station.href(canonicalId), { replace: true });
  }, [canonicalId, stationGroupId, navigate]);

  if (station.isError) {
    // The route's error boundary shows the 404 page for an ApiError 404, else the 500 page.
    throw station.error;
  }
  if (isWaitingForNetwork(station)) {
    return <OfflineView onRetry={() => void station.refetch()} />;
  }
  if (station.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={messages.loading} />
      </Box>
    );
  }

  const detail = station.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <BackLink fallback={paths.home.href()} />
      <Box component="header" sx={{ mb: { xs: 2, md: 3 } }}>
        <Typography
          component="h1"
          variant="h3"
          sx={{ fontWeight: 700, fontSize: { xs: '2.25rem', md: '3rem' } }}
        >
          {detail.name}
        </Typography>
        {detail.closed && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
            <Chip label={messages.station.closed} size="small" />
            <Typography color="text.secondary">
              {messages.station.closedOn(detail.closedOn)}
            </Typography>
          </Stack>
        )}
      </Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Box sx={{ flex: 1 }}>
          {/* The short facts each on one line, name beside value, so that on a phone the
              lines and the station's actions come up sooner. */}
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'auto minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 0.75,
              alignItems: 'baseline',
              '& dt': { color: 'text.secondary', fontSize: 14 },
              '& dd': { m: 0 },
            }}
          >
            <dt>{messages.station.prefecture}</dt>
            <dd>{detail.prefecture.name}</dd>
            <dt>{messages.station.address}</dt>
            <dd>{detail.address || '—'}</dd>
            {detail.openedOn && (
              <>
                <dt>{messages.station.openedOn}</dt>
                <dd>{formatJapanDay(detail.openedOn)}</dd>
              </>
            )}
          </Box>
          <Box
            component="dl"
            sx={{
              m: 0,
              '& dt': { color: 'text.secondary', fontSize: 14, mt: 1.5 },
              '& dd': { m: 0 },
            }}
          >
            <StationLines lines={detail.lines} />
            <StationTransfers transfers={detail.transfers} />
          </Box>
          <Stack direction="row" sx={{ mt: { xs: 2, md: 3 }, columnGap: 3, flexWrap: 'wrap' }}>
            <Count label={messages.station.counts.posts} value={detail.counts.posts} />
            <Count label={messages.station.counts.wantToVisit} value={detail.counts.wantToVisit} />
            <Count label={messages.station.counts.stamps} value={detail.counts.stamps} />
          </Stack>
          <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
            <StationWantButton
              stationGroupId={detail.id}
              count={detail.counts.wantToVisit}
              onError={setNotice}
            />
            {renderActions?.(detail.id, setNotice)}
            <ShareButton
              title={`${detail.name}駅`}
              text={messages.share.texts.station(detail.name)}
              path={paths.station.href(detail.id)}
              onNotice={setNotice}
            />
          </Stack>
          {!detail.closed && <Box sx={{ mt: 2 }}>{stampButton(detail.name)}</Box>}
        </Box>
        <Paper
          variant="outlined"
          sx={{ flex: 1, minHeight: 260, overflow: 'hidden', position: 'relative' }}
        >
          <StationMapImage
            kind="station"
            id={detail.id}
            label={messages.station.miniMap(detail.name)}
            lat={detail.lat}
            lng={detail.lng}
          />
        </Paper>
      </Stack>
      <Box sx={{ mt: 5 }}>
        <StationPosts stationGroupId={detail.id} />
      </Box>
      <Box component="section" sx={{ mt: 5 }} aria-labelledby="nearby-heading">
        <Typography id="nearby-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          {messages.station.nearby}
        </Typography>
        <NearbyStations stationGroupId={detail.id} lat={detail.lat} lng={detail.lng} />
      </Box>
      <Snackbar
        open={notice !== null}
        autoHideDuration={5_000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setNotice(null);
        }}
        message={notice}
      />
    </Container>
  );
}

/** A count over its name; on a phone beside it, as a profile's counts are, to save a line. */
function Count({ label, value }: { label: string; value: number }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'row', md: 'column' },
        alignItems: { xs: 'baseline', md: 'flex-start' },
        columnGap: 0.75,
      }}
    >
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {formatCount(value)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}
