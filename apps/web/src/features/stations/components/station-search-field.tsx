import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useState } from 'react';
import { singleLoad } from '../../../components/lazy-when-open';
import { messages } from '../../../config/messages';
import type { StationSearchBox as StationSearchBoxComponent } from './station-search-box';
import type { SelectedStation } from './station-popup';

// A failed download is tried again on the next hover or focus.
const searchBox = singleLoad<typeof StationSearchBoxComponent>(() =>
  import('./station-search-box').then((module) => module.StationSearchBox),
);

/**
 * The map's station search as the first view draws it: the same labelled field, with the
 * search itself (MUI's Autocomplete, its popup and the line dialog, about 14 kB) fetched when
 * a pointer comes near or the field takes the focus, then put in its place with what was typed
 * and the focus kept (docs/basemap.md#first-visit).
 */
export function StationSearchField({ onSelect }: { onSelect: (station: SelectedStation) => void }) {
  const [SearchBox, setSearchBox] = useState(() => searchBox.loaded());
  const [input, setInput] = useState('');
  const [focused, setFocused] = useState(false);
  const id = useId();

  if (SearchBox) return <SearchBox onSelect={onSelect} initialInput={input} autoFocus={focused} />;

  const warm = () => {
    searchBox.preload().then(
      (component) => setSearchBox(() => component),
      () => undefined,
    );
  };
  return (
    <FormControl variant="outlined" size="small" fullWidth sx={{ flex: 1, minWidth: 0 }}>
      <InputLabel htmlFor={id}>{messages.map.searchLabel}</InputLabel>
      <OutlinedInput
        id={id}
        label={messages.map.searchLabel}
        placeholder={messages.map.searchPlaceholder}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        onPointerEnter={warm}
        onFocus={() => {
          setFocused(true);
          warm();
        }}
        onBlur={() => setFocused(false)}
        // Already the combobox it becomes: its list simply has not opened yet.
        inputProps={{
          role: 'combobox',
          'aria-expanded': false,
          'aria-autocomplete': 'list',
          autoComplete: 'off',
        }}
      />
    </FormControl>
  );
}
