import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Ref } from 'react';
import { messages } from '../../../config/messages';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import type { PickedStation } from '../schemas/post-form-schema';
import { usePostEditorKit } from './editor-kit';

const text = messages.postEditor.location;
const SEARCH_DEBOUNCE_MS = 300;

type StationOption = PickedStation & { lineNames?: string };

interface StationPickerProps {
  label: string;
  value: PickedStation | null;
  onChange: (station: PickedStation | null) => void;
  onBlur?: () => void;
  required?: boolean;
  disabled?: boolean;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/** A station chosen by name: the station search as an autocomplete (keyboard operable). */
export function StationPicker({
  label,
  value,
  onChange,
  onBlur,
  required = false,
  disabled = false,
  error,
  inputRef,
}: StationPickerProps) {
  const [input, setInput] = useState(value?.name ?? '');
  const query = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const search = usePostEditorKit().useStationSearch(query);
  const found: StationOption[] = input.trim() === '' ? [] : search.stations;
  // The chosen station stays an option, so the field can show it while results change.
  const options =
    value && !found.some((option) => option.id === value.id) ? [value, ...found] : found;

  return (
    <Autocomplete<StationOption>
      options={options}
      value={value}
      onChange={(_, option) =>
        onChange(
          option
            ? { id: option.id, name: option.name, prefectureName: option.prefectureName }
            : null,
        )
      }
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={search.loading}
      loadingText={text.stationLoading}
      noOptionsText={input.trim() === '' ? text.stationTyping : text.stationNoOptions}
      clearText={messages.postEditor.clear}
      openText={messages.postEditor.open}
      closeText={messages.postEditor.close}
      autoHighlight
      disabled={disabled}
      onBlur={onBlur}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <span>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {option.name}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {option.prefectureName}
              {option.lineNames ? `・${option.lineNames}` : ''}
            </Typography>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          placeholder={text.stationPlaceholder}
          inputRef={inputRef}
          error={Boolean(error)}
          helperText={
            error ?? (value ? text.stationSelected(value.name, value.prefectureName) : undefined)
          }
        />
      )}
    />
  );
}
