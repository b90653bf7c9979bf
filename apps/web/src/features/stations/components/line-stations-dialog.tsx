import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useLine } from '../api/get-line';
import type { SelectedStation } from './station-popup';

/** A line chosen in the search: its stations in order; choosing one flies to it. */
export function LineStationsDialog({
  lineId,
  onClose,
  onSelect,
}: {
  lineId: number | null;
  onClose: () => void;
  onSelect: (station: SelectedStation) => void;
}) {
  const line = useLine(lineId);
  const titleId = useId();
  return (
    <Dialog
      open={lineId !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>
        {line.data?.name ?? messages.map.lineDialogLoading}
        {line.data?.companyName ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {line.data.companyName}
          </Typography>
        ) : null}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {line.isPending && lineId !== null ? (
          <CircularProgress aria-label={messages.map.lineDialogLoading} sx={{ m: 3 }} />
        ) : null}
        {line.isError ? (
          <Typography sx={{ p: 2 }} role="alert">
            {messages.map.lineDialogFailed}
          </Typography>
        ) : null}
        {line.data ? (
          <List dense component="ol" sx={{ listStyle: 'none' }}>
            {line.data.stations.map((station) => (
              <li key={station.id}>
                <ListItemButton
                  onClick={() => {
                    onSelect({
                      id: station.stationGroupId,
                      name: station.groupName,
                      lat: station.lat,
                      lng: station.lng,
                    });
                    onClose();
                  }}
                >
                  <ListItemText
                    primary={
                      station.name === station.groupName
                        ? station.name
                        : `${station.name}（${station.groupName}）`
                    }
                  />
                  {station.closed ? <Chip size="small" label={messages.map.searchClosed} /> : null}
                </ListItemButton>
              </li>
            ))}
          </List>
        ) : null}
      </DialogContent>
      <DialogActions>
        {lineId !== null ? (
          <Button component={RouterLink} to={paths.line.href(lineId)} onClick={onClose}>
            {messages.line.openPage}
          </Button>
        ) : null}
        <Button onClick={onClose}>{messages.map.lineDialogClose}</Button>
      </DialogActions>
    </Dialog>
  );
}
