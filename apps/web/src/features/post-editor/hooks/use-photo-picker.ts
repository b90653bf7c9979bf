import { useForkRef } from '@mui/material/utils';
import { useRef, useState } from 'react';
import type { DragEvent, Ref, RefCallback } from 'react';
import { messages } from '../../../config/messages';
import type { PhotoAction } from '../components/photo-tile';
import { addPhotoFiles, movePhoto, removePhoto } from '../utils/photo-items';
import type { PhotoItem } from '../utils/photo-items';

const text = messages.postEditor.photos;

/**
 * The photo picker's behaviour: adding files (refused ones explained), moving and removing a
 * photo with focus kept on the moved tile's button or its neighbour, what a screen reader hears,
 * and dropping files.
 */
export function usePhotoPicker({
  value,
  onChange,
  disabled,
  buttonRef,
}: {
  value: PhotoItem[];
  onChange: (items: PhotoItem[]) => void;
  disabled: boolean;
  buttonRef?: Ref<HTMLButtonElement> | undefined;
}) {
  const addButton = useRef<HTMLButtonElement | null>(null);
  const tileButtons = useRef(new Map<string, HTMLButtonElement>());
  const [problems, setProblems] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const addButtonRef: RefCallback<HTMLButtonElement> | null = useForkRef(addButton, buttonRef);

  const focusLater = (key: string, preferred: PhotoAction, fallback: PhotoAction) => {
    // After React has moved the tile: a moved DOM node loses focus in some browsers.
    requestAnimationFrame(() => {
      const first = tileButtons.current.get(`${key}:${preferred}`);
      const target =
        first && !first.disabled ? first : tileButtons.current.get(`${key}:${fallback}`);
      (target ?? addButton.current)?.focus();
    });
  };

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    const result = addPhotoFiles(value, files);
    setProblems(result.problems);
    if (result.added > 0) {
      onChange(result.items);
      setAnnouncement(text.added(result.added));
    }
  };

  const handleAction = (action: PhotoAction, index: number) => {
    const item = value[index];
    if (!item) return;
    setProblems([]);
    if (action === 'remove') {
      const next = removePhoto(value, index);
      onChange(next);
      setAnnouncement(text.removed(index + 1));
      const neighbour = next[Math.min(index, next.length - 1)];
      requestAnimationFrame(() => {
        const target = neighbour ? tileButtons.current.get(`${neighbour.key}:remove`) : null;
        (target ?? addButton.current)?.focus();
      });
      return;
    }
    const delta = action === 'earlier' ? -1 : 1;
    onChange(movePhoto(value, index, delta));
    setAnnouncement(text.moved(index + 1, index + 1 + delta));
    focusLater(item.key, action, action === 'earlier' ? 'later' : 'earlier');
  };

  const onDragOver = (event: DragEvent) => {
    if (disabled) return;
    event.preventDefault();
    setDragging(true);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) addFiles(Array.from(event.dataTransfer.files));
  };

  return {
    addButtonRef,
    tileButtons,
    problems,
    clearProblems: () => setProblems([]),
    announcement,
    dragging,
    setDragging,
    addFiles,
    handleAction,
    onDragOver,
    onDrop,
  };
}
