import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useSearchParams } from 'react-router';
import { messages } from '../../config/messages';
import { usePrimaryLoading } from '../../lib/page-loading';
import { useLineStations, useStationLines } from '../../features/rides/api/rides';
import { RideForm, type RideFormStart } from '../../features/rides/components/ride-form';

const idOf = (value: string | null) =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

/** /rides/new?from=&to=&line= — the ride form, started from a station or a line page. */
export function Component() {
  const [search] = useSearchParams();
  const fromId = idOf(search.get('from'));
  const toId = idOf(search.get('to'));
  const lineId = idOf(search.get('line'));
  const from = useStationLines(fromId);
  const to = useStationLines(toId);
  const line = useLineStations(lineId);
  const loading =
    (fromId !== null && from.isPending) ||
    (toId !== null && to.isPending) ||
    (lineId !== null && line.isPending);
  usePrimaryLoading(loading);
  if (loading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={messages.loading} />
      </Box>
    );
  }
  const start: RideFormStart = {
    ...(from.data && { from: { id: from.data.id, name: from.data.name } }),
    ...(to.data && { to: { id: to.data.id, name: to.data.name } }),
    ...(line.data && { line: { id: line.data.id, name: line.data.name } }),
  };
  return <RideForm key={search.toString()} start={start} />;
}
