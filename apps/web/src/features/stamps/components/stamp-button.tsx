import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import { geolocationErrorMessage } from '../../../hooks/use-current-position';
import { isApiError } from '../../../lib/api-error';
import { formatJapanDate } from '../../../lib/japan-time';
import { runExclusive } from '../../../lib/single-flight';
import { useCheckIn, usePendingCheckIn, type CheckInPosition } from '../api/check-in';
import { useStationStamp } from '../api/get-station-stamp';
import { StampImage } from './stamp-image';
import { StampMomentDialog, type StampMoment } from './stamp-moment-dialog';

/** The device position, as precise as it can be and fresh (a cached one may be elsewhere). */
function currentPosition(): Promise<CheckInPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(messages.map.geolocationUnsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          accuracyM: position.coords.accuracy,
          // Kept with a check-in queued offline: the server judges it at this time
          // (docs/stamps.md#queued-check-ins).
          measuredAt: new Date(position.timestamp).toISOString(),
        }),
      (error) => reject(new Error(geolocationErrorMessage(error))),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  });
}

/**
 * 「スタンプを押す」 on the station page (docs/stamps.md): asks the device where it is, sends that
 * once, and tells how it went in a dialog that is in view wherever the button was (the stamp's
 * art pressed onto the page, or why it could not be); the page then shows the stamp.
 */
export function StampButton({
  stationGroupId,
  name,
  onStamped,
}: {
  stationGroupId: number;
  name: string;
  /** After a stamp is collected (the page refreshes what else shows the station's counts). */
  onStamped?: () => void;
}) {
  const state = useStationStamp(stationGroupId);
  const checkIn = useCheckIn(stationGroupId);
  const pending = usePendingCheckIn(stationGroupId);
  const [moment, setMoment] = useState<StampMoment | null>(null);

  const press = () => {
    runExclusive(`stamp:${stationGroupId}`, async () => {
      setMoment({ phase: 'locating' });
      try {
        const position = await currentPosition();
        const stamp = await checkIn.mutateAsync(position);
        if (!stamp) {
          // Offline: queued, and said so under the button until it is sent.
          setMoment(null);
          return;
        }
        setMoment({
          phase: 'done',
          collectedOn: stamp.collectedOn,
          myStampCount: stamp.myStampCount,
          stationStampCount: stamp.stampCount,
        });
        onStamped?.();
      } catch (caught) {
        // A visitor's 401 already took them to the login page.
        if (isApiError(caught) && caught.status === 401) {
          setMoment(null);
          return;
        }
        setMoment({
          phase: 'failed',
          message:
            caught instanceof Error && caught.message ? caught.message : messages.stamps.failed,
        });
      }
    });
  };

  const locating = moment?.phase === 'locating';
  const stamped = state.data?.stampedByMe ?? false;
  const collectedOn = state.data?.collectedOn ?? null;
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      {stamped && collectedOn ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <StampImage
            stationGroupId={stationGroupId}
            name={name}
            collectedOn={collectedOn}
            size={112}
          />
          <Stack spacing={0.5}>
            <Typography sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <VerifiedIcon color="success" fontSize="small" aria-hidden="true" />
              {messages.stamps.collectedOn(formatJapanDate(collectedOn))}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {messages.stamps.count(state.data?.stampCount ?? 0)}
            </Typography>
          </Stack>
        </Stack>
      ) : (
        <Stack spacing={0.5}>
          {/* Until the state is known a placeholder holds the place: a button that turned from
              disabled to enabled would flicker (and fade its colours) as the page settles. */}
          {state.isPending ? (
            <Skeleton
              variant="rounded"
              width={150}
              height={44}
              sx={{ borderRadius: 999 }}
              aria-hidden="true"
            />
          ) : (
            <Button
              variant="contained"
              onClick={press}
              disabled={locating || pending}
              aria-busy={locating || undefined}
              sx={{ borderRadius: 999, alignSelf: 'flex-start', minHeight: 44 }}
            >
              {locating ? messages.stamps.pressing : messages.stamps.press}
            </Button>
          )}
          <div role="status">
            {pending ? <Alert severity="info">{messages.actionQueue.stampQueued}</Alert> : null}
          </div>
          <Typography variant="caption" color="text.secondary">
            {messages.stamps.howItWorks}
          </Typography>
          {state.data && (
            <Typography variant="body2" color="text.secondary">
              {messages.stamps.count(state.data.stampCount)}
            </Typography>
          )}
        </Stack>
      )}
      <StampMomentDialog
        moment={moment}
        stationGroupId={stationGroupId}
        name={name}
        onClose={() => setMoment(null)}
        onRetry={press}
      />
    </Stack>
  );
}
