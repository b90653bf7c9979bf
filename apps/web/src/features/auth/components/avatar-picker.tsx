import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import type { Ref } from 'react';
import { messages } from '../../../config/messages';
import { useObjectUrl } from '../../../hooks/use-object-url';
import { AVATAR_ACCEPT } from '../schemas/profile-form-schema';
import { UserAvatar } from '../../../components/user-avatar';

const text = messages.auth.avatar;
const PREVIEW_SIZE = 96;

interface AvatarPickerProps {
  name: string;
  /** The saved avatar's image id. */
  savedAvatar: string | null;
  file: File | null;
  removed: boolean;
  onSelect: (file: File) => void;
  onRemove: () => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Focus target when the file is invalid. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/** The avatar with a preview of the chosen file, a picker button and a remove button. */
export function AvatarPicker({
  name,
  savedAvatar,
  file,
  removed,
  onSelect,
  onRemove,
  error,
  disabled = false,
  buttonRef,
}: AvatarPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const helpId = useId();
  const shown = removed ? null : savedAvatar;
  const canRemove = file !== null || shown !== null;

  return (
    <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
      <UserAvatar name={name} avatar={shown} previewSrc={preview} size={PREVIEW_SIZE} named />
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            ref={buttonRef}
            variant="outlined"
            startIcon={<PhotoCameraIcon aria-hidden="true" />}
            onClick={() => input.current?.click()}
            disabled={disabled}
            aria-describedby={helpId}
          >
            {text.choose}
          </Button>
          {canRemove ? (
            <Button
              color="error"
              startIcon={<DeleteOutlineIcon aria-hidden="true" />}
              onClick={() => {
                if (input.current) input.current.value = '';
                onRemove();
              }}
              disabled={disabled}
            >
              {text.remove}
            </Button>
          ) : null}
        </Stack>
        <input
          ref={input}
          type="file"
          accept={AVATAR_ACCEPT}
          aria-label={text.input}
          hidden
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onSelect(chosen);
          }}
        />
        <Box id={helpId}>
          {file ? (
            <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              {text.selected(file.name)}
            </Typography>
          ) : null}
          {removed && !file && savedAvatar ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {text.willBeRemoved}
            </Typography>
          ) : null}
          <FormHelperText error={Boolean(error)} sx={{ mx: 0 }}>
            {error ?? text.hint}
          </FormHelperText>
        </Box>
      </Box>
    </Stack>
  );
}
