import CasinoIcon from '@mui/icons-material/Casino';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';
import { useLines } from '../api/get-lines';
import { usePrefectures } from '../api/get-prefectures';
import { useRandomStation } from '../api/get-random-station';
import { GachaResultCard } from './gacha-result-card';

const ANY = '';
/** Shows 「指定しない」 for the empty value instead of an empty box under the label. */
const EMPTY_VISIBLE = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** 駅ガチャ: draw a random station, optionally within a prefecture or on a line. */
export function StationGacha() {
  const [prefecture, setPrefecture] = useState<string>(ANY);
  const [line, setLine] = useState<string>(ANY);
  const prefectures = usePrefectures();
  const prefectureId = prefecture === ANY ? null : Number(prefecture);
  const lines = useLines(prefectureId);
  const draw = useRandomStation();

  const spin = () =>
    draw.mutate({ prefecture: prefectureId, line: line === ANY ? null : Number(line) });
  const notFound = draw.isError && isApiError(draw.error) && draw.error.status === 404;

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          fullWidth
          label={messages.gacha.prefecture}
          value={prefecture}
          onChange={(event) => {
            setPrefecture(event.target.value);
            setLine(ANY);
          }}
          disabled={prefectures.isPending}
          slotProps={EMPTY_VISIBLE}
        >
          <MenuItem value={ANY}>{messages.gacha.any}</MenuItem>
          {(prefectures.data ?? []).map((item) => (
            <MenuItem key={item.id} value={String(item.id)}>
              {item.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth
          label={messages.gacha.line}
          value={line}
          onChange={(event) => setLine(event.target.value)}
          disabled={lines.isPending}
          slotProps={EMPTY_VISIBLE}
        >
          <MenuItem value={ANY}>{messages.gacha.any}</MenuItem>
          {(lines.data ?? []).map((item) => (
            <MenuItem key={item.id} value={String(item.id)}>
              {item.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Button
        variant="contained"
        size="large"
        startIcon={<CasinoIcon aria-hidden="true" />}
        onClick={spin}
        disabled={draw.isPending}
      >
        {draw.isPending ? messages.gacha.spinning : messages.gacha.spin}
      </Button>
      <div aria-live="polite">
        {notFound ? <Alert severity="info">{messages.gacha.notFound}</Alert> : null}
        {draw.isError && !notFound ? (
          <Alert severity="error">
            {isApiError(draw.error) ? draw.error.message : messages.station.loadFailed}
          </Alert>
        ) : null}
        {draw.data && !draw.isError ? (
          <GachaResultCard station={draw.data} onAgain={spin} busy={draw.isPending} />
        ) : null}
      </div>
    </Stack>
  );
}
