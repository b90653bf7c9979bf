import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { MOBILE_MEDIA_QUERY } from '../../lib/theme';
import { LazyStationPickerDialog } from '../../features/stations/components/lazy-station-picker-dialog';

/**
 * The header's station search: a field-like button on desktop, an icon on phones, opening
 * the search in a dialog; choosing a station opens its page.
 */
export function StationSearchButton() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button
        color="inherit"
        onClick={() => setOpen(true)}
        // Hovering or focusing the button fetches the search's code, so it opens at once.
        onPointerEnter={LazyStationPickerDialog.preload}
        onFocus={LazyStationPickerDialog.preload}
        aria-haspopup="dialog"
        startIcon={<SearchIcon aria-hidden="true" />}
        sx={{
          // On a phone only the icon shows: a square the size of a fingertip.
          minWidth: 44,
          flexShrink: 0,
          px: { xs: 1, lg: 1.5 },
          '& .MuiButton-startIcon': { mx: { xs: 0, lg: 1 } },
          bgcolor: { lg: 'rgba(255, 255, 255, 0.15)' },
          justifyContent: 'flex-start',
          width: { lg: 200 },
          fontWeight: 400,
        }}
      >
        {/* The name is the visible text; on phones only the icon shows and the text is read. */}
        <Box
          component="span"
          sx={{
            [MOBILE_MEDIA_QUERY]: {
              position: 'absolute',
              width: '1px',
              height: '1px',
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
              whiteSpace: 'nowrap',
            },
          }}
        >
          {messages.nav.search}
        </Box>
      </Button>
      <LazyStationPickerDialog
        open={open}
        title={messages.stationPicker.searchTitle}
        intro={messages.stationPicker.searchIntro}
        onClose={() => setOpen(false)}
        // Posts, tags and members are searched on the search page, with a tab for each.
        extraAction={
          <Button
            onClick={() => {
              setOpen(false);
              void navigate(paths.search.href());
            }}
          >
            {messages.search.openAll}
          </Button>
        }
        onPick={(station) => {
          setOpen(false);
          void navigate(paths.station.href(station.id));
        }}
      />
    </>
  );
}
