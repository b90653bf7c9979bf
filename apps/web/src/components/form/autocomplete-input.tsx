import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

/**
 * The labelled, outlined field of an Autocomplete, drawn as TextField draws it but built
 * from its parts: TextField also brings in Select (with its menu, popover and modal), which
 * the top page's search box would otherwise add to the first load (docs/basemap.md#first-visit).
 */
export function AutocompleteInput({
  params,
  label,
  placeholder,
  autoFocus = false,
}: {
  params: AutocompleteRenderInputParams;
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  const { inputLabel, input, htmlInput } = params.slotProps;
  return (
    <FormControl
      variant="outlined"
      fullWidth={params.fullWidth}
      size={params.size}
      disabled={params.disabled}
    >
      <InputLabel {...inputLabel}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={params.id}
        label={label}
        placeholder={placeholder}
        autoFocus={autoFocus}
        inputProps={htmlInput}
      />
    </FormControl>
  );
}
