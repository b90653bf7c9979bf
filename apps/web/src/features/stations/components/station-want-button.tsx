import FlagIcon from '@mui/icons-material/Flag';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';
import { runExclusive } from '../../../lib/single-flight';
import {
  usePendingStationWant,
  useStationWant,
  useToggleStationWant,
} from '../api/toggle-station-want';

interface StationWantButtonProps {
  stationGroupId: number;
  /** counts.want_to_visit of the station detail. */
  count: number;
  onError: (message: string) => void;
}

/**
 * 行きたい on a station, with its count; the viewer's own state comes from
 * GET /stations/{id}/want-to-visit. A press shows at once; the server's answer follows.
 */
export function StationWantButton({ stationGroupId, count, onError }: StationWantButtonProps) {
  const state = useStationWant(stationGroupId);
  const [optimistic, setOptimistic] = useState<{ wanted: boolean; count: number } | null>(null);
  const toggle = useToggleStationWant(stationGroupId);
  // Pressed offline: the state it will have once the queue has sent it
  // (docs/pwa.md#queued-actions), after a reload too.
  const pending = usePendingStationWant(stationGroupId);
  const serverWanted = state.data?.wanted ?? false;
  const serverCount = state.data?.wantCount ?? count;
  const queued =
    pending === null || pending === serverWanted
      ? { wanted: serverWanted, count: serverCount }
      : { wanted: pending, count: Math.max(0, serverCount + (pending ? 1 : -1)) };
  const wanted = optimistic?.wanted ?? queued.wanted;
  const shownCount = optimistic?.count ?? queued.count;

  const press = () => {
    const next = !wanted;
    // Checked synchronously: a double click sends one call and counts once.
    runExclusive(`station-want:${stationGroupId}`, async () => {
      setOptimistic({ wanted: next, count: Math.max(0, shownCount + (next ? 1 : -1)) });
      try {
        await toggle.mutateAsync(next);
      } catch (error) {
        // A visitor's 401 already took them to the login page.
        if (!isApiError(error) || error.status !== 401) onError(messages.stationPosts.want.failed);
      } finally {
        setOptimistic(null);
      }
    });
  };

  return (
    <Button
      variant={wanted ? 'contained' : 'outlined'}
      color="secondary"
      aria-pressed={wanted}
      aria-busy={toggle.isPending || undefined}
      startIcon={wanted ? <FlagIcon /> : <FlagOutlinedIcon />}
      onClick={press}
      sx={{ borderRadius: 999 }}
    >
      {messages.stationPosts.want.count(shownCount)}
      {pending !== null && optimistic === null ? (
        <Box
          component="span"
          data-testid="pending-mark"
          sx={{ ml: 0.75, fontSize: '0.75em', fontWeight: 400, opacity: 0.85 }}
        >
          {' '}
          {messages.actionQueue.pending}
        </Box>
      ) : null}
    </Button>
  );
}
