import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '@ekispot/shared';
import { useEffect, useState } from 'react';
import { messages } from '../../../config/messages';
import { ApiError } from '../../../lib/api-error';
import {
  forgetDevice,
  registerDevice,
  usePushKey,
  usePushPreferences,
  useSavePushPreferences,
  type PushChoices,
} from './push-api';
import {
  currentDeviceSubscription,
  pushStateOf,
  readPushFacts,
  subscribeDevice,
  unsubscribeDevice,
  type PushDeviceState,
  type PushFacts,
} from './push-device';

const text = messages.notifications.push;

/** Rows a finger can hit: 44 px at least. */
const ROW = { minHeight: 44, mr: 0 } as const;

/** A browser whose push service never answers must not leave the switch spinning. */
const SUBSCRIBE_DEADLINE_MS = 20_000;

function withDeadline<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('push subscription timed out')), SUBSCRIBE_DEADLINE_MS),
    ),
  ]);
}

const NOTICE: Partial<Record<PushDeviceState, { severity: 'info' | 'warning'; text: string }>> = {
  unsupported: { severity: 'info', text: text.unsupported },
  'ios-home-screen': { severity: 'info', text: text.iosHomeScreen },
  'no-service-worker': { severity: 'info', text: text.noServiceWorker },
  denied: { severity: 'warning', text: text.denied },
};

/**
 * 「プッシュ通知」 in the settings (docs/pwa.md#push): push on this device (permission, the
 * service worker's subscription, registered with the server), and the member's choices for
 * every device: the types, and quiet hours in Japan time.
 */
export function PushSettings({ notify }: { notify: (message: string) => void }) {
  const [facts, setFacts] = useState<PushFacts | null>(null);
  const [busy, setBusy] = useState(false);
  const state = facts ? pushStateOf(facts) : null;
  const usable = state === 'on' || state === 'off';
  const key = usePushKey(usable);

  useEffect(() => {
    let live = true;
    void readPushFacts().then((read) => live && setFacts(read));
    return () => {
      live = false;
    };
  }, []);

  // A browser already subscribed tells the server again: it may have been dropped, or the
  // server's keys rotated (then the subscription is renewed).
  useEffect(() => {
    if (state !== 'on' || !key.data) return;
    void currentDeviceSubscription(key.data)
      .then((device) => device && registerDevice(device))
      .catch(() => undefined);
  }, [state, key.data]);

  async function toggleDevice(on: boolean) {
    setBusy(true);
    try {
      if (on) {
        const device = key.data ? await withDeadline(subscribeDevice(key.data)) : null;
        if (device) {
          await registerDevice(device);
          notify(text.enabled);
        } else notify(text.notAllowed);
      } else {
        const endpoint = await unsubscribeDevice();
        if (endpoint) await forgetDevice(endpoint).catch(() => undefined);
        notify(text.disabled);
      }
    } catch (error) {
      // The server's refusals are in Japanese; the browser's (no push service…) are not.
      notify(error instanceof ApiError && error.message ? error.message : text.failed);
    } finally {
      setFacts(await readPushFacts().catch(() => facts));
      setBusy(false);
    }
  }

  const notice = state ? NOTICE[state] : undefined;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{text.intro}</Typography>
      {notice && (
        <Alert severity={notice.severity} role="status">
          {notice.text}
        </Alert>
      )}
      {state === null ? (
        <Skeleton variant="rounded" height={44} />
      ) : (
        <FormGroup>
          <FormControlLabel
            sx={ROW}
            control={
              <Switch
                checked={state === 'on'}
                disabled={!usable || busy || !key.data}
                onChange={(event) => void toggleDevice(event.target.checked)}
              />
            }
            label={busy ? text.enabling : text.deviceSwitch}
          />
        </FormGroup>
      )}
      <PushChoicesForm notify={notify} />
    </Stack>
  );
}

/** The member's push choices, saved as soon as one changes. */
function PushChoicesForm({ notify }: { notify: (message: string) => void }) {
  const preferences = usePushPreferences();
  const save = useSavePushPreferences();
  if (preferences.isPending) return <Skeleton variant="rounded" height={160} />;
  if (!preferences.data) return null;
  const current: PushChoices = save.isPending ? save.variables : preferences.data;
  const store = (next: PushChoices) =>
    save.mutate(next, {
      onSuccess: () => notify(text.saved),
      onError: (error) => notify(error.message || text.saveFailed),
    });
  const toggleType = (type: NotificationType, on: boolean) =>
    store({
      ...current,
      pushTypes: on
        ? [...current.pushTypes, type]
        : current.pushTypes.filter((value) => value !== type),
    });
  const quiet = current.quietHours;
  const setQuiet = (change: Partial<PushChoices['quietHours']>) =>
    store({ ...current, quietHours: { ...quiet, ...change } });
  return (
    <>
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend">{text.typesLegend}</FormLabel>
        <FormGroup>
          {NOTIFICATION_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              sx={ROW}
              control={
                <Switch
                  checked={current.pushTypes.includes(type)}
                  disabled={save.isPending}
                  onChange={(event) => toggleType(type, event.target.checked)}
                />
              }
              label={NOTIFICATION_TYPE_LABELS[type]}
            />
          ))}
        </FormGroup>
      </FormControl>
      <FormGroup>
        <FormControlLabel
          sx={ROW}
          control={
            <Switch
              checked={quiet.enabled}
              disabled={save.isPending}
              onChange={(event) => setQuiet({ enabled: event.target.checked })}
            />
          }
          label={text.quietSwitch}
        />
      </FormGroup>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['start', 'end'] as const).map((edge) => (
          <TextField
            key={edge}
            type="time"
            label={edge === 'start' ? text.quietStart : text.quietEnd}
            value={quiet[edge]}
            disabled={!quiet.enabled || save.isPending}
            onChange={(event) => {
              if (/^\d{2}:\d{2}$/.test(event.target.value))
                setQuiet({ [edge]: event.target.value });
            }}
            slotProps={{ htmlInput: { step: 300 }, inputLabel: { shrink: true } }}
            sx={{ flex: 1, minWidth: 0 }}
          />
        ))}
      </Stack>
    </>
  );
}
