import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../lib/api-error';
import { showFlash } from '../../../lib/flash-message';
import { recordRides, useRefreshRides, useRideSettings } from '../api/rides';
import { LinePicker, StationOnLinePicker, StationSearchPicker } from './ride-pickers';
import type { Stop } from './stop';

const text = messages.rides;

interface Leg {
  line: Stop;
  from: Stop;
  to: Stop;
  way: 'short' | 'long';
}

/** Today in Japan, YYYY-MM-DD. */
function japanToday(): string {
  return new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
}

export interface RideFormStart {
  from?: Stop;
  to?: Stop;
  line?: Stop;
}

/**
 * The ride form (docs/rides.md#recording): from a station, pick the line, then the station
 * alighted at; each further line picked at that station is a transfer, so a journey with two
 * transfers is three lines and three stations. Started from 「ここで降りた」, the line and the
 * boarding station are picked instead.
 */
export function RideForm({ start }: { start: RideFormStart }) {
  useDocumentTitle(text.newTitle);
  const navigate = useNavigate();
  const refresh = useRefreshRides();
  const settings = useRideSettings();
  const initial: Leg[] =
    start.from && start.to && start.line
      ? [{ line: start.line, from: start.from, to: start.to, way: 'short' }]
      : [];
  const [legs, setLegs] = useState<Leg[]>(initial);
  const [origin, setOrigin] = useState<Stop | null>(start.from ?? null);
  /** Started from 「ここで降りた」: the alighting station is known, the boarding one is picked. */
  const [alighting] = useState<Stop | null>(start.from ? null : (start.to ?? null));
  const [line, setLine] = useState<Stop | null>(initial.length ? null : (start.line ?? null));
  const [date, setDate] = useState(japanToday());
  const [note, setNote] = useState('');
  const [publicChoice, setPublicChoice] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const current: Stop | null = legs.length > 0 ? legs[legs.length - 1]!.to : origin;
  const isPublic = publicChoice ?? settings.data?.publicByDefault ?? false;

  const addLeg = (from: Stop, to: Stop, onLine: Stop) => {
    setLegs((previous) => [...previous, { line: onLine, from, to, way: 'short' }]);
    setLine(null);
  };

  const submit = async () => {
    setError(null);
    setSending(true);
    try {
      const label = legs.map((leg) => text.legLabel(leg.line.name, leg.from.name, leg.to.name));
      const sent = await recordRides(
        {
          riddenOn: date,
          legs: legs.map((leg) => ({
            lineId: leg.line.id,
            fromStationId: leg.from.id,
            toStationId: leg.to.id,
            ...(leg.way === 'long' && { way: 'long' as const }),
          })),
          ...(note.trim() && { note: note.trim() }),
          public: isPublic,
        },
        label.join('、'),
      );
      // Not awaited: offline, the refetch waits for the network (the ride is in the queue).
      void refresh();
      showFlash(sent ? text.recorded(sent.rides.length) : text.queued, sent ? 'success' : 'info');
      void navigate(paths.rides.href());
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : text.loadFailed);
    } finally {
      setSending(false);
    }
  };

  const pickStep = () => {
    if (alighting && legs.length === 0) {
      if (!line)
        return (
          <LinePicker
            station={alighting}
            heading={text.chooseLine(alighting.name)}
            onPick={setLine}
          />
        );
      return (
        <StationOnLinePicker
          line={line}
          exclude={alighting.id}
          heading={text.chooseFrom}
          onPick={(from) => addLeg(from, alighting, line)}
        />
      );
    }
    if (!current) return <StationSearchPicker heading={text.chooseFrom} onPick={setOrigin} />;
    if (!line) {
      const heading =
        legs.length === 0 ? text.chooseLine(current.name) : text.nextLine(current.name);
      return <LinePicker station={current} heading={heading} onPick={setLine} />;
    }
    return (
      <StationOnLinePicker
        line={line}
        exclude={current.id}
        heading={text.chooseTo(line.name)}
        onPick={(to) => addLeg(current, to, line)}
        onCancel={() => setLine(null)}
      />
    );
  };

  return (
    <Container maxWidth="sm" sx={{ py: 2 }}>
      <BackLink fallback={paths.rides.href()} />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {text.newTitle}
      </Typography>
      {legs.length > 0 ? (
        <Stack
          component="ol"
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}
          aria-label={text.list}
        >
          {legs.map((leg, index) => (
            <Box
              component="li"
              key={index}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ fontWeight: 700, flex: 1 }}>
                  {text.legLabel(leg.line.name, leg.from.name, leg.to.name)}
                </Typography>
                {index === legs.length - 1 ? (
                  <IconButton
                    aria-label={text.removeLeg}
                    sx={{ width: 44, height: 44 }}
                    onClick={() => {
                      setLegs(legs.slice(0, -1));
                      setLine(null);
                    }}
                  >
                    ×
                  </IconButton>
                ) : null}
              </Box>
              <FormControlLabel
                sx={{ minHeight: 44 }}
                control={
                  <Checkbox
                    checked={leg.way === 'long'}
                    onChange={(event) =>
                      setLegs(
                        legs.map((item, i) =>
                          i === index
                            ? { ...item, way: event.target.checked ? 'long' : 'short' }
                            : item,
                        ),
                      )
                    }
                  />
                }
                label={text.otherWay}
              />
            </Box>
          ))}
        </Stack>
      ) : null}
      {pickStep()}
      <Stack spacing={2} sx={{ mt: 3 }}>
        <TextField
          label={text.date}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: japanToday() } }}
        />
        <TextField
          label={text.note}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
        />
        <Box>
          <FormControlLabel
            sx={{ minHeight: 44 }}
            control={
              <Checkbox
                checked={isPublic}
                onChange={(event) => setPublicChoice(event.target.checked)}
              />
            }
            label={text.public}
          />
          <Typography variant="body2" color="text.secondary">
            {text.publicHelp}
          </Typography>
        </Box>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Button
          variant="contained"
          size="large"
          sx={{ minHeight: 48 }}
          disabled={legs.length === 0 || sending}
          onClick={() => void submit()}
        >
          {sending ? text.recording : text.record}
        </Button>
      </Stack>
    </Container>
  );
}
