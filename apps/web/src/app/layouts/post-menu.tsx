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
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { bottomNavItemSx } from '../../components/layout/bottom-nav';
import { LazyMenu } from '../../components/lazy-mui';
import { useMenuButton } from '../../components/use-menu-button';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { LazyStationPickerDialog } from '../../features/stations/components/lazy-station-picker-dialog';

const text = messages.nav;
const picker = messages.stationPicker;

type PostMenuVariant = 'header' | 'bottom' | 'fab';

/**
 * 「投稿する」: a menu of スポット / イベント / 駅の写真. A spot is placed on the map in its
 * form; an event and a station photo first ask for the station (docs/navigation.md). The
 * same menu opens from the desktop header, the phone's bottom bar and the map's button.
 */
export function PostMenu({ variant }: { variant: PostMenuVariant }) {
  const menu = useMenuButton();
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
        <MenuItem component={Link} to={paths.postCreateSpot.href()} onClick={menu.close}>
          <ListItemIcon>
            <PlaceIcon fontSize="small" aria-hidden="true" />
          </ListItemIcon>
          <ListItemText primary={text.postSpot} secondary={text.postSpotHint} />
        </MenuItem>
        <MenuItem onClick={() => ask('event')}>
          <ListItemIcon>
            <EventIcon fontSize="small" aria-hidden="true" />
          </ListItemIcon>
          <ListItemText primary={text.postEvent} secondary={text.postEventHint} />
        </MenuItem>
        <MenuItem onClick={() => ask('image')}>
          <ListItemIcon>
            <PhotoCameraIcon fontSize="small" aria-hidden="true" />
          </ListItemIcon>
          <ListItemText primary={text.postImage} secondary={text.postImageHint} />
        </MenuItem>
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
