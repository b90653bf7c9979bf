import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useController, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { messages } from '../../../config/messages';
import { japanLocalToEpoch } from '../../../lib/japan-time';
import type { PostFormValues } from '../schemas/post-form-schema';

const text = messages.postEditor;

function DateTimeField({
  control,
  name,
  label,
  min,
  disabled,
}: {
  control: Control<PostFormValues>;
  name: 'startsAt' | 'endsAt';
  label: string;
  min?: string | undefined;
  disabled: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      type="datetime-local"
      label={label}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required
      disabled={disabled}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? text.hints.dateTime}
      fullWidth
      slotProps={{
        inputLabel: { shrink: true },
        // Minutes only; the native picker then offers no seconds.
        htmlInput: { step: 60, ...(min ? { min } : {}) },
      }}
    />
  );
}

/** Whether a datetime-local start (Japan time) lies before `now`. */
export function isPastStart(startsAt: string, now: number = Date.now()): boolean {
  const start = japanLocalToEpoch(startsAt);
  return start !== null && start < now;
}

/**
 * An event's start and end, typed in Japan time; the end may not come before the start. A
 * start in the past is allowed (a report of what happened) but said plainly; the form asks
 * once more before posting it.
 */
export function EventDateFields({
  control,
  disabled,
}: {
  control: Control<PostFormValues>;
  disabled: boolean;
}) {
  const startsAt = useWatch({ control, name: 'startsAt' });
  const past = isPastStart(startsAt);
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateTimeField
          control={control}
          name="startsAt"
          label={text.fields.startsAt}
          disabled={disabled}
        />
        <DateTimeField
          control={control}
          name="endsAt"
          label={text.fields.endsAt}
          min={startsAt || undefined}
          disabled={disabled}
        />
      </Stack>
      {past ? (
        <Alert severity="warning" data-testid="past-event-warning">
          {text.pastEvent.warning}
        </Alert>
      ) : null}
    </Stack>
  );
}
