import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForkRef } from '@mui/material/utils';
import { POST_IMAGES_MAX } from '@ekispot/shared';
import { useId, useRef, useState } from 'react';
import type { DragEvent, Ref } from 'react';
import { messages } from '../../../config/messages';
import { addPhotoFiles, movePhoto, PHOTO_ACCEPT, removePhoto } from '../utils/photo-items';
import type { PhotoItem } from '../utils/photo-items';
import { PhotoTile } from './photo-tile';
import type { PhotoAction } from './photo-tile';

const text = messages.postEditor.photos;

interface PhotoPickerProps {
  value: PhotoItem[];
  onChange: (items: PhotoItem[]) => void;
  required: boolean;
  disabled: boolean;
  error?: string | undefined;
  /** Focus target when the photos are invalid. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * The post's photos as one ordered list of saved and new ones: add (button or drop), move
 * earlier or later, remove. Files of the wrong type or size, and files past the limit, are
 * refused at once with a message; the first photo is the post's cover.
 */
export function PhotoPicker({
  value,
  onChange,
  required,
  disabled,
  error,
  buttonRef,
}: PhotoPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement | null>(null);
  const tileButtons = useRef(new Map<string, HTMLButtonElement>());
  const [problems, setProblems] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const labelId = useId();
  const helpId = useId();
  const full = value.length >= POST_IMAGES_MAX;
  const addButtonRef = useForkRef(addButton, buttonRef);

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

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      aria-describedby={helpId}
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 2,
        bgcolor: dragging ? 'action.hover' : 'transparent',
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography id={labelId} component="span" sx={{ fontWeight: 700 }}>
          {messages.postEditor.fields.photos}
          {required ? ' *' : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text.count(value.length)}
        </Typography>
      </Stack>
      {value.length > 0 ? (
        <Box
          component="ol"
          aria-label={text.listLabel}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
            gap: 1.5,
            p: 0,
            my: 1.5,
          }}
        >
          {value.map((item, index) => (
            <PhotoTile
              key={item.key}
              item={item}
              index={index}
              count={value.length}
              disabled={disabled}
              onAction={handleAction}
              buttonRef={(action, element) => {
                const key = `${item.key}:${action}`;
                if (element) tileButtons.current.set(key, element);
                else tileButtons.current.delete(key);
              }}
            />
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ my: 1.5 }}>
          {text.empty}
        </Typography>
      )}
      <Button
        ref={addButtonRef}
        variant="outlined"
        startIcon={<AddPhotoAlternateIcon aria-hidden="true" />}
        onClick={() => input.current?.click()}
        disabled={disabled || full}
      >
        {text.add}
      </Button>
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple
        aria-label={text.input}
        hidden
        onChange={(event) => {
          addFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <Box id={helpId}>
        <FormHelperText error={Boolean(error)} sx={{ mx: 0 }}>
          {error ?? (full ? text.full : text.hint)}
        </FormHelperText>
      </Box>
      {problems.length > 0 ? (
        <Alert
          severity="warning"
          role="alert"
          sx={{ mt: 1.5 }}
          onClose={() => setProblems([])}
          closeText={messages.postEditor.close}
        >
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </Alert>
      ) : null}
      <Box className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </Box>
    </Box>
  );
}
