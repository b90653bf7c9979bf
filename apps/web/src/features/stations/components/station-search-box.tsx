import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { messages } from '../../../config/messages';
import { useSearchStations } from '../api/search-stations';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import type { SelectedStation } from './station-popup';

const SEARCH_DEBOUNCE_MS = 300;

/** Station name search: debounced, keyboard-operable; choosing a station flies to it. */
export function StationSearchBox({
  onSelect,
  autoFocus = false,
}: {
  onSelect: (station: SelectedStation) => void;
  /** In a dialog that opens for the search, the field takes the focus. */
  autoFocus?: boolean;
}) {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const search = useSearchStations(query);
  const id = useId();
  const options = input.trim() === '' ? [] : (search.data ?? []);

  return (
    <Autocomplete
      id={id}
      sx={{ flex: 1, minWidth: 0 }}
      size="small"
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionKey={(option) => option.id}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      onChange={(_, option) => {
        if (option)
          onSelect({ id: option.id, name: option.name, lat: option.lat, lng: option.lng });
      }}
      loading={search.isFetching}
      loadingText={messages.map.searchLoading}
      noOptionsText={input.trim() === '' ? messages.map.searchTyping : messages.map.searchNoOptions}
      autoHighlight
      forcePopupIcon={false}
      clearOnBlur={false}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <span>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {option.name}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {option.prefecture.name}
              {option.lines.length > 0
                ? `・${option.lines.map((line) => line.name).join('、')}`
                : ''}
            </Typography>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus={autoFocus}
          label={messages.map.searchLabel}
          placeholder={messages.map.searchPlaceholder}
        />
      )}
    />
  );
}
