import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues, TOut extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'inputRef' | 'error'
> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
};

/**
 * A labelled MUI text field bound to react-hook-form. Its error (from zod or from the
 * server) is shown beneath it and linked by aria-describedby; the input element gets the
 * ref, so focus can move to the first invalid field.
 */
export function FormTextField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: FormTextFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const value: unknown = field.value;
  return (
    <TextField
      {...props}
      name={field.name}
      value={typeof value === 'string' ? value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
    />
  );
}
