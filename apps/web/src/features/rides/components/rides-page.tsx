import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { buildApiUrl } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { usePrimaryLoading } from '../../../lib/page-loading';
import {
  deleteRide,
  importRidesCsv,
  saveRideSettings,
  usePendingRides,
  useRefreshRides,
  useRideList,
  useRideSettings,
} from '../api/rides';
import { RideSummaryView } from './ride-summary-view';

const text = messages.rides;

/** /rides — the member's 乗りつぶし, rides waiting to be sent, the rides, settings, CSV. */
export function RidesPage() {
  useDocumentTitle(text.title);
  const list = useRideList();
  usePrimaryLoading(list.isPending);
  const pending = usePendingRides();
  const settings = useRideSettings();
  const refresh = useRefreshRides();
  const [report, setReport] = useState<string[] | null>(null);

  const toggle = async (key: 'publicByDefault' | 'totalsPublic', value: boolean) => {
    await saveRideSettings({ [key]: value });
    await refresh();
  };

  const importFile = async (file: File) => {
    try {
      const result = await importRidesCsv(await file.text());
      setReport([
        text.importResult(result.imported),
        ...result.errors.map((error) => text.importRow(error.row, error.message)),
      ]);
      await refresh();
    } catch (caught) {
      setReport([caught instanceof ApiError ? caught.message : text.loadFailed]);
    }
  };

  const rides = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {text.title}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          component={RouterLink}
          to={paths.rideNew.href()}
          sx={{ minHeight: 44 }}
        >
          {text.newRide}
        </Button>
        <Button
          variant="outlined"
          component={RouterLink}
          to={paths.ridesMap.href()}
          sx={{ minHeight: 44 }}
        >
          {text.viewMap}
        </Button>
      </Stack>
      <RideSummaryView />
      <Box component="section" aria-labelledby="rides-list-heading" sx={{ mt: 3 }}>
        <Typography id="rides-list-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          {text.list}
        </Typography>
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {pending.map((target, index) => (
            <Box
              component="li"
              key={`pending-${index}`}
              sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Chip label={text.pending} color="warning" size="small" sx={{ mr: 1 }} />
              <Typography component="span">{`${target.riddenOn} ${target.label}`}</Typography>
            </Box>
          ))}
          {rides.map((ride) => (
            <Box
              component="li"
              key={ride.id}
              data-testid="ride"
              sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Box
                  aria-hidden="true"
                  sx={{
                    width: 12,
                    height: 12,
                    borderRadius: 6,
                    bgcolor: ride.line.color || 'primary.main',
                  }}
                />
                <Typography sx={{ fontWeight: 700 }}>
                  {text.legLabel(ride.line.name, ride.from.name, ride.to.name)}
                </Typography>
                <Chip size="small" label={ride.public ? text.publicChip : text.privateChip} />
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                  {`${ride.riddenOn}・${text.distance(ride.distanceM)}`}
                </Typography>
                <Button
                  size="small"
                  color="error"
                  sx={{ minHeight: 44 }}
                  onClick={() => void deleteRide(ride.id).then(refresh)}
                >
                  {text.delete}
                </Button>
              </Box>
            </Box>
          ))}
        </Stack>
        {list.isSuccess && rides.length === 0 && pending.length === 0 ? (
          <Typography color="text.secondary">{text.empty}</Typography>
        ) : null}
        {list.hasNextPage ? (
          <Button sx={{ mt: 1, minHeight: 44 }} onClick={() => void list.fetchNextPage()}>
            {text.more}
          </Button>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {text.distanceNote}
        </Typography>
      </Box>
      <Box component="section" aria-labelledby="rides-settings-heading" sx={{ mt: 3 }}>
        <Typography id="rides-settings-heading" component="h2" variant="h6">
          {text.settings}
        </Typography>
        {settings.data ? (
          <Stack>
            <FormControlLabel
              sx={{ minHeight: 44 }}
              control={
                <Switch
                  checked={settings.data.publicByDefault}
                  onChange={(event) => void toggle('publicByDefault', event.target.checked)}
                />
              }
              label={text.publicByDefault}
            />
            <FormControlLabel
              sx={{ minHeight: 44 }}
              control={
                <Switch
                  checked={settings.data.totalsPublic}
                  onChange={(event) => void toggle('totalsPublic', event.target.checked)}
                />
              }
              label={text.totalsPublic}
            />
          </Stack>
        ) : null}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <Button
            component="a"
            href={buildApiUrl('/me/rides/export', { format: 'csv' })}
            sx={{ minHeight: 44 }}
          >
            {text.exportCsv}
          </Button>
          <Button
            component="a"
            href={buildApiUrl('/me/rides/export', { format: 'geojson' })}
            sx={{ minHeight: 44 }}
          >
            {text.exportGeoJson}
          </Button>
          <Button component="label" sx={{ minHeight: 44 }}>
            {text.importCsv}
            <input
              type="file"
              accept=".csv,text/csv"
              hidden
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void importFile(file);
              }}
            />
          </Button>
        </Stack>
        {report ? (
          <Alert severity={report.length > 1 ? 'warning' : 'success'} sx={{ mt: 1 }}>
            {report.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Alert>
        ) : null}
      </Box>
    </Container>
  );
}
