import AddIcon from '@mui/icons-material/Add';
import AddCircleIcon from '@mui/icons-material/AddCircle';
import EventIcon from '@mui/icons-material/Event';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import PlaceIcon from '@mui/icons-material/Place';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Fab from '@mui/material/Fab';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useMatch, useNavigate } from 'react-router';
import { bottomNavItemSx } from '../../components/layout/bottom-nav';
import { LazyMenu } from '../../components/lazy-mui';
import { useMenuButton } from '../../components/use-menu-button';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { stationQueryOptions } from '../../features/stations/api/get-station';
import { LazyStationPickerDialog } from '../../features/stations/components/lazy-station-picker-dialog';

const text = messages.nav;
const picker = messages.stationPicker;

type PostMenuVariant = 'header' | 'bottom' | 'fab';

/**
 * The open station whose page is on screen, from what that page's own query holds when the menu
 * is drawn (opening it draws it again): posting from there starts at it. Null elsewhere, on a
 * 廃駅 (it takes no new posts) and until the page has its station. Read from the cache, not
 * through a query of its own: a disabled observer made first in the header would leave the
 * page's station unfetched by the server render (app/settle-queries.ts).
 */
function useStationHere(): { id: number; name: string } | null {
  const queryClient = useQueryClient();
  const param = useMatch(paths.station.path)?.params.stationGroupId ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : null;
  const data = id === null ? undefined : queryClient.getQueryData(stationQueryOptions(id).queryKey);
  // A platform's id names its station, whose id the page moves to (docs/stations.md).
  return id !== null && data && !data.closed ? { id: data.id, name: data.name } : null;
}

interface PostMenuEntry {
  kind: 'spot' | 'event' | 'image';
  Icon: typeof PlaceIcon;
  label: string;
  hint: string;
  /** Where the entry goes, or which station question it asks first. */
  action: { to: string } | { ask: 'event' | 'image' };
}

/** The menu's three entries, starting at the station whose page is on screen, if any. */
function postMenuEntries(here: { id: number; name: string } | null): PostMenuEntry[] {
  const spot = paths.postCreateSpot.href();
  return [
    {
      kind: 'spot',
      Icon: PlaceIcon,
      label: text.postSpot,
      hint: here ? text.postSpotHintAt(here.name) : text.postSpotHint,
      action: { to: here ? `${spot}?stationGroupId=${here.id}` : spot },
    },
    {
      kind: 'event',
      Icon: EventIcon,
      label: text.postEvent,
      hint: here ? text.postEventHintAt(here.name) : text.postEventHint,
      action: here
        ? { to: `${paths.postCreateEvent.href()}?stationGroupId=${here.id}` }
        : { ask: 'event' },
    },
    {
      kind: 'image',
      Icon: PhotoCameraIcon,
      label: text.postImage,
      hint: here ? text.postImageHintAt(here.name) : text.postImageHint,
      action: here ? { to: paths.postCreateImage.href(here.id) } : { ask: 'image' },
    },
  ];
}

/**
 * 「投稿する」: a menu of スポット / イベント / 駅の写真. A spot is placed on the map in its
 * form; an event and a station photo first ask for the station (docs/navigation.md). On a
 * station's page all three start at that station instead: the spot's map opens there, the event
 * is at it, the photos are of it. The same menu opens from the desktop header, the phone's
 * bottom bar and the map's button.
 */
export function PostMenu({ variant }: { variant: PostMenuVariant }) {
  const menu = useMenuButton();
  const here = useStationHere();
  const [asking, setAsking] = useState<'event' | 'image' | null>(null);
  const navigate = useNavigate();
  const trigger = menu.triggerProps;

  const ask = (kind: 'event' | 'image') => {
    LazyStationPickerDialog.preload();
    menu.close();
    setAsking(kind);
  };

  return (
    <>
      {variant === 'header' ? (
        <Button
          {...trigger}
          variant="contained"
          startIcon={<AddIcon aria-hidden="true" />}
          sx={{
            bgcolor: '#ffffff',
            color: 'primary.main',
            whiteSpace: 'nowrap',
            '&:hover': { bgcolor: '#e8f5e9' },
          }}
        >
          {text.post}
        </Button>
      ) : variant === 'bottom' ? (
        <ButtonBase {...trigger} sx={bottomNavItemSx}>
          <AddCircleIcon aria-hidden="true" color="secondary" />
          <span>{text.postShort}</span>
        </ButtonBase>
      ) : (
        <Fab
          {...trigger}
          variant="extended"
          color="secondary"
          data-testid="map-post-button"
          sx={{ position: 'absolute', right: 16, bottom: 40, zIndex: 2 }}
        >
          <AddIcon aria-hidden="true" sx={{ mr: 0.5 }} />
          {text.postShort}
        </Fab>
      )}
      <LazyMenu
        {...menu.menuProps}
        anchorOrigin={{ vertical: variant === 'header' ? 'bottom' : 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: variant === 'header' ? 'top' : 'bottom', horizontal: 'right' }}
      >
        {postMenuEntries(here).map(({ kind, Icon, label, hint, action }) => {
          const content = (
            <>
              <ListItemIcon>
                <Icon fontSize="small" aria-hidden="true" />
              </ListItemIcon>
              <ListItemText primary={label} secondary={hint} />
            </>
          );
          return 'to' in action ? (
            <MenuItem key={kind} component={Link} to={action.to} onClick={menu.close}>
              {content}
            </MenuItem>
          ) : (
            <MenuItem key={kind} onClick={() => ask(action.ask)}>
              {content}
            </MenuItem>
          );
        })}
      </LazyMenu>
      <LazyStationPickerDialog
        open={asking !== null}
        title={asking === 'event' ? picker.eventTitle : picker.imageTitle}
        intro={asking === 'event' ? picker.eventIntro : picker.imageIntro}
        onClose={() => setAsking(null)}
        onPick={(station) => {
          const kind = asking;
          setAsking(null);
          void navigate(
            kind === 'event'
              ? `${paths.postCreateEvent.href()}?stationGroupId=${station.id}`
              : paths.postCreateImage.href(station.id),
          );
        }}
        extraAction={
          asking === 'event' ? (
            <Button
              component={Link}
              to={paths.postCreateEvent.href()}
              onClick={() => setAsking(null)}
            >
              {picker.eventWithoutStation}
            </Button>
          ) : null
        }
      />
    </>
  );
}
