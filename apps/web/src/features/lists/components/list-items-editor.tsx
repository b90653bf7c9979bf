import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import type { ListItemView } from '../api/get-list-items';
import { useReorderListItems } from '../api/reorder-list-items';
import { itemName } from '../utils/item-name';
import { SortableListItem } from './sortable-list-item';

const text = messages.lists.editor;

/** Screen-reader texts of dragging, in Japanese (dnd-kit reads them out in a live region). */
function announcementsFor(items: ListItemView[]): Announcements {
  const nameOf = (id: UniqueIdentifier) => {
    const item = items.find((candidate) => candidate.id === id);
    return item ? itemName(item) : '';
  };
  const positionOf = (id: UniqueIdentifier | undefined) =>
    items.findIndex((candidate) => candidate.id === id) + 1;
  return {
    onDragStart: ({ active }) => text.picked(nameOf(active.id)),
    onDragOver: ({ active, over }) =>
      over ? text.moved(nameOf(active.id), positionOf(over.id), items.length) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? text.moved(nameOf(active.id), positionOf(over.id), items.length) : undefined,
    onDragCancel: ({ active }) => text.cancelled(nameOf(active.id)),
  };
}

/**
 * The list's items in the editor: reordered by dragging (mouse or touch, a short press on a
 * phone) or by keyboard (the handle, Space, arrows, Space), each saved at once as the whole
 * new order; each item's note and its removal.
 */
export function ListItemsEditor({
  listId,
  items,
  onNotice,
}: {
  listId: string;
  items: ListItemView[];
  onNotice: (message: string) => void;
}) {
  const reorder = useReorderListItems(listId);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = (from: number, to: number) => {
    if (from === to || from < 0 || to < 0 || to >= items.length) return;
    reorder.mutate(arrayMove(items, from, to), {
      onSuccess: () => onNotice(text.reordered),
      onError: () => onNotice(text.failed),
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    move(
      items.findIndex((item) => item.id === active.id),
      items.findIndex((item) => item.id === over.id),
    );
  };

  if (items.length === 0) return <Typography color="text.secondary">{text.empty}</Typography>;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {text.itemsHelp}
      </Typography>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: announcementsFor(items),
          screenReaderInstructions: { draggable: text.itemsHelp },
        }}
      >
        <SortableContext items={items} strategy={verticalListSortingStrategy}>
          <Box
            component="ol"
            aria-label={text.itemsHeading}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
          >
            {items.map((item, index) => (
              <SortableListItem
                key={item.id}
                listId={listId}
                item={item}
                index={index}
                total={items.length}
                onMove={move}
                onNotice={onNotice}
              />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
    </>
  );
}
