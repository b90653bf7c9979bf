import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LIST_NOTE_MAX } from '@ekispot/shared';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';
import type { ListItemView } from '../api/get-list-items';
import { useRemoveListItem } from '../api/remove-list-item';
import { useUpdateListItem } from '../api/update-list-item';

const text = messages.lists.editor;

/** An item's note in the editor, saved by its own button; a refused note shows why. */
export function ItemNoteEditor({
  listId,
  item,
  name,
  onNotice,
}: {
  listId: string;
  item: ListItemView;
  name: string;
  onNotice: (message: string) => void;
}) {
  const [note, setNote] = useState(item.note);
  const [noteError, setNoteError] = useState<string | null>(null);
  const updateNote = useUpdateListItem(listId);

  const saveNote = () => {
    setNoteError(null);
    updateNote.mutate(
      { itemId: item.id, note },
      {
        onSuccess: () => onNotice(text.noteSaved),
        onError: (error) =>
          setNoteError(
            (isApiError(error) ? error.errors?.note?.[0] : undefined) ??
              (error instanceof Error ? error.message : text.failed),
          ),
      },
    );
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label={text.noteLabel(name)}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={noteError !== null}
        helperText={noteError ?? text.noteHelp}
        slotProps={{ htmlInput: { maxLength: LIST_NOTE_MAX } }}
        size="small"
        multiline
        fullWidth
      />
      <Button
        variant="outlined"
        onClick={saveNote}
        disabled={updateNote.isPending || note === item.note}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {text.saveNote}
      </Button>
    </Stack>
  );
}

/** Moving an item up or down by one (the keyboard's and the screen reader's way), and removing it. */
export function ItemActions({
  listId,
  item,
  name,
  index,
  total,
  onMove,
  onNotice,
}: {
  listId: string;
  item: ListItemView;
  name: string;
  index: number;
  total: number;
  onMove: (from: number, to: number) => void;
  onNotice: (message: string) => void;
}) {
  const remove = useRemoveListItem();
  return (
    <Stack>
      <IconButton
        aria-label={text.moveUp(name)}
        onClick={() => onMove(index, index - 1)}
        disabled={index === 0}
        size="small"
      >
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton
        aria-label={text.moveDown(name)}
        onClick={() => onMove(index, index + 1)}
        disabled={index === total - 1}
        size="small"
      >
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
      <IconButton
        aria-label={text.remove(name)}
        onClick={() =>
          remove.mutate(
            { listId, itemId: item.id },
            {
              onSuccess: () => onNotice(text.removed),
              onError: () => onNotice(text.failed),
            },
          )
        }
        disabled={remove.isPending}
        size="small"
      >
        <DeleteOutlinedIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
