import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { POST_IMAGES_MAX } from '@ekispot/shared';
import { useId, useRef } from 'react';
import type { Ref } from 'react';
import { messages } from '../../../config/messages';
import { usePhotoPicker } from '../hooks/use-photo-picker';
import { PHOTO_ACCEPT } from '../utils/photo-items';
import type { PhotoItem } from '../utils/photo-items';
import { PhotoTile } from './photo-tile';

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
  const labelId = useId();
  const helpId = useId();
  const full = value.length >= POST_IMAGES_MAX;
  const {
    addButtonRef,
    tileButtons,
    problems,
    clearProblems,
    announcement,
    dragging,
    setDragging,
    addFiles,
    handleAction,
    onDragOver,
    onDrop,
  } = usePhotoPicker({ value, onChange, disabled, buttonRef });

  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      aria-describedby={helpId}
      onDragOver={onDragOver}
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
      <PhotoNotices problems={problems} onClose={clearProblems} announcement={announcement} />
    </Box>
  );
}

/** Files refused at once, and what a screen reader hears of each change. */
function PhotoNotices({
  problems,
  onClose,
  announcement,
}: {
  problems: string[];
  onClose: () => void;
  announcement: string;
}) {
  return (
    <>
      {problems.length > 0 ? (
        <Alert
          severity="warning"
          role="alert"
          sx={{ mt: 1.5 }}
          onClose={onClose}
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
    </>
  );
}
