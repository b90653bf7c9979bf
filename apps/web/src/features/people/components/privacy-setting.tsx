import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { messages } from '../../../config/messages';
import { useProfile } from '../api/get-profile';
import { useSetPrivacy } from '../api/set-relation';

const text = messages.people.settings;

/** Whether others see the liked and want tabs; saved as soon as it is switched. */
export function PrivacySetting({
  userId,
  notify,
}: {
  userId: string;
  notify: (message: string) => void;
}) {
  const profile = useProfile(userId);
  const save = useSetPrivacy();
  const helpId = useId();
  if (profile.isPending) return <Skeleton variant="text" height={40} />;
  const checked = save.isPending
    ? save.variables.actionsPublic
    : Boolean(profile.data?.actionsPublic);
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={save.isPending}
            slotProps={{ input: { 'aria-describedby': helpId } }}
            onChange={(event) =>
              save.mutate(
                { actionsPublic: event.target.checked },
                {
                  onSuccess: () => notify(text.privacySaved),
                  onError: (error) => notify(error.message || text.privacyFailed),
                },
              )
            }
          />
        }
        label={text.privacyLabel}
      />
      <FormHelperText id={helpId}>{text.privacyHelp}</FormHelperText>
    </>
  );
}
