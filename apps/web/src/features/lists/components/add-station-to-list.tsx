import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';
import { useAddListItem } from '../api/add-list-item';

const text = messages.lists.editor;

/** A station search dialog, supplied by the page (the stations feature owns the search). */
export type StationPickerRender = (props: {
  open: boolean;
  title: string;
  intro: string;
  onClose: () => void;
  onPick: (station: { id: number; name: string }) => void;
}) => ReactNode;

/**
 * 「駅を追加」 in the list editor: search a station and add it at the end, without leaving the
 * list (docs/lists.md#screens). A station already on the list is refused with the server's
 * message.
 */
export function AddStationToList({
  listId,
  renderPicker,
  onNotice,
}: {
  listId: string;
  renderPicker: StationPickerRender;
  onNotice: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const add = useAddListItem();
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AddLocationAltOutlinedIcon />}
        onClick={() => setOpen(true)}
        sx={{ minHeight: 44 }}
      >
        {text.addStation}
      </Button>
      {renderPicker({
        open,
        title: text.addStationTitle,
        intro: text.addStationIntro,
        onClose: () => setOpen(false),
        onPick: (station) => {
          setOpen(false);
          add.mutate(
            { listId, target: { stationGroupId: station.id } },
            {
              onSuccess: () => onNotice(text.stationAdded(station.name)),
              onError: (error) => onNotice(isApiError(error) ? error.message : text.failed),
            },
          );
        },
      })}
    </>
  );
}
