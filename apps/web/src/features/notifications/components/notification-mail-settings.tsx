import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES } from '@ekispot/shared';
import type { NotificationType } from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { usePreferences } from '../api/get-preferences';
import { useSavePreferences } from '../api/save-preferences';

const text = messages.notifications;

/** Which notification types also come by mail; saved as soon as a box is ticked. */
export function NotificationMailSettings({ notify }: { notify: (message: string) => void }) {
  const preferences = usePreferences();
  const save = useSavePreferences();
  if (preferences.isPending) return <Skeleton variant="rounded" height={160} />;
  const current: readonly NotificationType[] = save.isPending
    ? save.variables
    : (preferences.data?.mailTypes ?? []);
  const toggle = (type: NotificationType, on: boolean) => {
    const next = on ? [...current, type] : current.filter((value) => value !== type);
    save.mutate(next, {
      onSuccess: () => notify(text.mailSaved),
      onError: (error) => notify(error.message || text.mailFailed),
    });
  };
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text.mailIntro}
      </Typography>
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend">{text.mailLegend}</FormLabel>
        <FormGroup>
          {NOTIFICATION_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              control={
                <Checkbox
                  checked={current.includes(type)}
                  disabled={save.isPending}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
              }
              label={NOTIFICATION_TYPE_LABELS[type]}
            />
          ))}
        </FormGroup>
      </FormControl>
    </>
  );
}
