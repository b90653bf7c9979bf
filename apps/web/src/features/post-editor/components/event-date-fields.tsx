import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useController, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { messages } from '../../../config/messages';
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

/** An event's start and end, typed in Japan time; the end may not come before the start. */
export function EventDateFields({
  control,
  disabled,
}: {
  control: Control<PostFormValues>;
  disabled: boolean;
}) {
  const startsAt = useWatch({ control, name: 'startsAt' });
  return (
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
  );
}
