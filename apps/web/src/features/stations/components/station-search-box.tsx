import type { CamelCased, LineSearchResult, StationSearchResult } from '@ekispot/shared';
import Autocomplete from '@mui/material/Autocomplete';
import Typography from '@mui/material/Typography';
import { Fragment, useId, useState } from 'react';
import { AutocompleteInput } from '../../../components/form/autocomplete-input';
import { messages } from '../../../config/messages';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useSearchStations } from '../api/search-stations';
import { formatResultLines, formatResultName } from '../utils/search-result';
import { LazyLineStationsDialog } from './lazy-line-stations-dialog';
import type { SelectedStation } from './station-popup';

const SEARCH_DEBOUNCE_MS = 300;

type Option =
  | ({ type: 'station' } & CamelCased<StationSearchResult>)
  | ({ type: 'line' } & CamelCased<LineSearchResult>);

/**
 * Station search: by name (a member station's too), reading or romaji, and by line name.
 * Debounced, keyboard-operable; choosing a station flies to it, choosing a line lists its
 * stations in order.
 */
export function StationSearchBox({
  onSelect,
  autoFocus = false,
  initialInput = '',
}: {
  onSelect: (station: SelectedStation) => void;
  /** In a dialog that opens for the search, the field takes the focus. */
  autoFocus?: boolean;
  /** What was typed into the map's first-view field before the search loaded. */
  initialInput?: string;
}) {
  const [input, setInput] = useState(initialInput);
  const [lineId, setLineId] = useState<number | null>(null);
  const query = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const search = useSearchStations(query);
  const id = useId();
  const options: Option[] =
    input.trim() === '' || !search.data
      ? []
      : [
          ...search.data.items.map((item) => ({ type: 'station' as const, ...item })),
          ...search.data.lines.map((line) => ({ type: 'line' as const, ...line })),
        ];

  return (
    <>
      <Autocomplete<Option>
        id={id}
        sx={{ flex: 1, minWidth: 0 }}
        size="small"
        options={options}
        filterOptions={(all) => all}
        groupBy={(option) =>
          option.type === 'station'
            ? messages.map.searchGroupStations
            : messages.map.searchGroupLines
        }
        getOptionLabel={(option) =>
          option.type === 'station' ? formatResultName(option) : option.name
        }
        isOptionEqualToValue={(option, value) =>
          option.type === value.type && option.id === value.id
        }
        getOptionKey={(option) => `${option.type}-${option.id}`}
        inputValue={input}
        onInputChange={(_, value) => setInput(value)}
        onChange={(_, option) => {
          if (!option) return;
          if (option.type === 'line') setLineId(option.id);
          else onSelect({ id: option.id, name: option.name, lat: option.lat, lng: option.lng });
        }}
        loading={search.isFetching}
        loadingText={messages.map.searchLoading}
        noOptionsText={
          input.trim() === '' ? messages.map.searchTyping : messages.map.searchNoOptions
        }
        autoHighlight
        // Text typed before the search loaded gets its suggestions as soon as it is here, and
        // stays unselected so that the next key adds to it instead of replacing it.
        openOnFocus={initialInput.trim() !== ''}
        selectOnFocus={initialInput === ''}
        forcePopupIcon={false}
        clearOnBlur={false}
        // The results are as wide as the screen allows, not as narrow as the box (on a phone
        // about half the screen, where 「東京都」 broke and each result took three lines).
        slotProps={{
          popper: {
            placement: 'bottom-start',
            sx: { width: 'min(calc(100vw - 24px), 440px) !important' },
          },
        }}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            <span>
              <Typography component="span" sx={{ fontWeight: 700 }}>
                {option.type === 'station' ? formatResultName(option) : option.name}
              </Typography>
              {option.closed ? (
                <Typography component="span" variant="caption" sx={{ ml: 1 }}>
                  {option.type === 'station'
                    ? messages.map.searchClosed
                    : messages.map.searchClosedLine}
                </Typography>
              ) : null}
              {/* Under the name: the prefecture (or company) whole, then the lines. */}
              <Typography
                component="span"
                variant="body2"
                color="text.secondary"
                sx={{ display: 'block' }}
              >
                {(option.type === 'station'
                  ? [option.prefecture.name, formatResultLines(option.lines, option.lineCount)]
                  : [option.companyName, messages.map.searchLineStations(option.stationCount)]
                )
                  .filter(Boolean)
                  .map((part, index) => (
                    <Fragment key={index}>
                      {index > 0 ? '・' : null}
                      <span style={index === 0 ? { whiteSpace: 'nowrap' } : undefined}>{part}</span>
                    </Fragment>
                  ))}
              </Typography>
            </span>
          </li>
        )}
        renderInput={(params) => (
          <AutocompleteInput
            params={params}
            autoFocus={autoFocus}
            label={messages.map.searchLabel}
            placeholder={messages.map.searchPlaceholder}
          />
        )}
      />
      <LazyLineStationsDialog lineId={lineId} onClose={() => setLineId(null)} onSelect={onSelect} />
    </>
  );
}
