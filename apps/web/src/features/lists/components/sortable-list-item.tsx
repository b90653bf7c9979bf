import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import type { ListItemView } from '../api/get-list-items';
import { itemName } from '../utils/item-name';
import { ItemActions, ItemNoteEditor } from './list-item-parts';

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
          <ItemNoteEditor listId={listId} item={item} name={name} onNotice={onNotice} />
        </Stack>
        <ItemActions
          listId={listId}
          item={item}
          name={name}
          index={index}
          total={total}
          onMove={onMove}
          onNotice={onNotice}
        />
      </Stack>
    </Paper>
  );
}
