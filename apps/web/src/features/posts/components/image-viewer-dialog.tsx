import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import { messages } from '../../../config/messages';
import type { PostView } from '../api/get-post';
import { imageUrl } from '../../../lib/image-url';

type PostImageView = PostView['images'][number];

interface ImageViewerDialogProps {
  images: readonly PostImageView[];
  /** The photo shown, or null when the viewer is closed. */
  index: number | null;
  title: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * The full-size photo viewer. MUI's dialog traps focus inside while it is open and gives it
 * back to the thumbnail that opened it; Escape closes it, the arrow keys move between photos.
 */
export function ImageViewerDialog({
  images,
  index,
  title,
  onIndexChange,
  onClose,
}: ImageViewerDialogProps) {
  const total = images.length;
  const image = index === null ? undefined : images[index];
  const several = total > 1;

  const step = (by: 1 | -1) => {
    if (index === null || !several) return;
    onIndexChange((index + by + total) % total);
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    }
  };

  const titleId = 'image-viewer-title';
  return (
    <Dialog
      open={image !== undefined}
      onClose={onClose}
      onKeyDown={handleKeyDown}
      maxWidth="lg"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby="image-viewer-hint"
      slotProps={{ paper: { sx: { bgcolor: 'grey.900', color: 'common.white' } } }}
    >
      {image && index !== null ? (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, gap: 1 }}>
            <Typography id={titleId} component="h2" variant="subtitle1" sx={{ flex: 1 }} noWrap>
              {messages.posts.gallery.viewerTitle(title)}
            </Typography>
            <Typography variant="body2" aria-live="polite" data-testid="viewer-position">
              {messages.posts.gallery.position(index + 1, total)}
            </Typography>
            <IconButton onClick={onClose} aria-label={messages.posts.gallery.close} color="inherit">
              <CloseIcon />
            </IconButton>
          </Stack>
          <Box
            sx={{
              position: 'relative',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              px: { xs: 0, sm: 7 },
              pb: 2,
            }}
          >
            <Box
              component="img"
              key={image.id}
              src={imageUrl(image.id, 'full')}
              width={image.width}
              height={image.height}
              alt={messages.posts.gallery.thumbAlt(title, index + 1, total)}
              sx={{
                display: 'block',
                maxWidth: '100%',
                maxHeight: '75vh',
                width: 'auto',
                height: 'auto',
                objectFit: 'contain',
              }}
            />
            {several ? (
              <>
                <ViewerStepButton side="left" onClick={() => step(-1)} />
                <ViewerStepButton side="right" onClick={() => step(1)} />
              </>
            ) : null}
          </Box>
          <p id="image-viewer-hint" className="visually-hidden">
            {several ? messages.posts.gallery.keyboardHint : ''}
          </p>
        </>
      ) : null}
    </Dialog>
  );
}

function ViewerStepButton({ side, onClick }: { side: 'left' | 'right'; onClick: () => void }) {
  const previous = side === 'left';
  return (
    <IconButton
      onClick={onClick}
      aria-label={previous ? messages.posts.gallery.previous : messages.posts.gallery.next}
      sx={{
        position: 'absolute',
        top: '50%',
        transform: 'translateY(-50%)',
        [side]: 8,
        color: 'common.white',
        bgcolor: 'rgba(0, 0, 0, 0.55)',
        '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.75)' },
      }}
    >
      {previous ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </IconButton>
  );
}
