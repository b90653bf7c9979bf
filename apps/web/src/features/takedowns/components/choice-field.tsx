import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

/** Choices a thumb can hit on a phone. */
const TARGET_SIZE = 44;

interface ChoiceFieldProps<T extends FieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  legend: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
}

/**
 * A required choice as radio buttons in a fieldset: its error (from zod or the API) is linked by
 * aria-describedby, and the first choice takes focus when the field is the first invalid one.
 */
export function ChoiceField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  legend,
  options,
  disabled = false,
}: ChoiceFieldProps<T, TOut>) {
  const legendId = useId();
  const errorId = useId();
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const value: unknown = field.value;
  return (
    <FormControl component="fieldset" error={error !== undefined} disabled={disabled} required>
      <FormLabel component="legend" id={legendId} sx={{ fontWeight: 700 }}>
        {legend}
      </FormLabel>
      <RadioGroup
        aria-labelledby={legendId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        name={field.name}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      >
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            label={option.label}
            control={<Radio slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }} />}
            sx={{ minHeight: TARGET_SIZE, mr: 0 }}
          />
        ))}
      </RadioGroup>
      {error ? (
        <FormHelperText id={errorId} sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
