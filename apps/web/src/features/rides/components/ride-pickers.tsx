import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import { useLineStations, useStationLines, useStationSearch } from '../api/rides';
import type { Stop } from './stop';

const text = messages.rides;

function Heading({ children }: { children: string }) {
  return (
    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
      {children}
    </Typography>
  );
}

const pending = <CircularProgress size={24} aria-label={messages.loading} />;

/** Buttons in a wrapping row, each at least 44 px tall. */
function Choices({
  label,
  items,
  onPick,
}: {
  label: string;
  items: Stop[];
  onPick: (item: Stop) => void;
}) {
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {items.map((item) => (
        <Button
          key={item.id}
          variant="outlined"
          sx={{ minHeight: 44, textTransform: 'none' }}
          onClick={() => onPick(item)}
        >
          {item.name}
        </Button>
      ))}
    </Box>
  );
}

/** The open lines of a station: the line ridden from (or to) it. */
export function LinePicker({
  station,
  heading,
  onPick,
}: {
  station: Stop;
  heading: string;
  onPick: (line: Stop) => void;
}) {
  const detail = useStationLines(station.id);
  return (
    <Box component="section">
      <Heading>{heading}</Heading>
      {detail.data ? (
        <Choices label={heading} items={detail.data.lines} onPick={onPick} />
      ) : (
        pending
      )}
    </Box>
  );
}

/** The stations of a line in order (open ones, the current station left out). */
export function StationOnLinePicker({
  line,
  exclude,
  heading,
  onPick,
  onCancel,
}: {
  line: Stop;
  exclude: number;
  heading: string;
  onPick: (station: Stop) => void;
  onCancel?: () => void;
}) {
  const detail = useLineStations(line.id);
  const seen = new Set<number>([exclude]);
  const stations: Stop[] = [];
  for (const station of detail.data?.stations ?? []) {
    if (station.closed || seen.has(station.stationGroupId)) continue;
    seen.add(station.stationGroupId);
    stations.push({ id: station.stationGroupId, name: station.groupName });
  }
  return (
    <Box component="section">
      <Heading>{heading}</Heading>
      {detail.data ? <Choices label={heading} items={stations} onPick={onPick} /> : pending}
      {onCancel ? (
        <Button sx={{ mt: 1, minHeight: 44 }} onClick={onCancel}>
          {text.cancelPick}
        </Button>
      ) : null}
    </Box>
  );
}

/** A station found by name (the form opened without one). */
export function StationSearchPicker({
  heading,
  onPick,
}: {
  heading: string;
  onPick: (station: Stop) => void;
}) {
  const [q, setQ] = useState('');
  const found = useStationSearch(q);
  const items = (found.data?.items ?? []).map((item) => ({
    id: item.id,
    name: item.matchedName === item.name ? item.name : `${item.matchedName}（${item.name}）`,
  }));
  return (
    <Box component="section">
      <Heading>{heading}</Heading>
      <TextField
        fullWidth
        label={text.from}
        value={q}
        onChange={(event) => setQ(event.target.value)}
        sx={{ mb: 1 }}
      />
      <Choices label={heading} items={items} onPick={onPick} />
    </Box>
  );
}
