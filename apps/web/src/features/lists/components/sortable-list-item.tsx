import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIST_NOTE_MAX } from '@ekispot/shared';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';
import type { ListItemView } from '../api/get-list-items';
import { useRemoveListItem } from '../api/remove-list-item';
import { useUpdateListItem } from '../api/update-list-item';
import { itemName } from '../utils/item-name';

const text = messages.lists.editor;

/** One item in the editor: its drag handle, number, name, note and removal. */
export function SortableListItem({
  listId,
  item,
  index,
  total,
  onMove,
  onNotice,
}: {
  listId: string;
  item: ListItemView;
  index: number;
  total: number;
  onMove: (from: number, to: number) => void;
  onNotice: (message: string) => void;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id, attributes: { roleDescription: text.sortable } });
  const name = itemName(item);
  const [note, setNote] = useState(item.note);
  const [noteError, setNoteError] = useState<string | null>(null);
  const updateNote = useUpdateListItem(listId);
  const remove = useRemoveListItem();

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
    <Paper
      component="li"
      ref={setNodeRef}
      variant="outlined"
      data-testid="list-editor-item"
      sx={{
        p: 1.5,
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        boxShadow: isDragging ? 4 : 'none',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={text.handle(name)}
          sx={{ cursor: 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon />
        </IconButton>
        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, pt: 1 }}>
            <Box component="span" sx={{ color: 'primary.main', mr: 1 }}>
              {index + 1}.
            </Box>
            {name}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: 'flex-start' }}
          >
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
        </Stack>
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
      </Stack>
    </Paper>
  );
}
