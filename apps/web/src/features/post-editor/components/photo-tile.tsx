import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { messages } from '../../../config/messages';
import { imageUrl } from '../../../lib/image-url';
import { useObjectUrl } from '../../../hooks/use-object-url';
import type { PhotoItem } from '../utils/photo-items';

const text = messages.postEditor.photos;

export type PhotoAction = 'earlier' | 'later' | 'remove';

interface PhotoTileProps {
  item: PhotoItem;
  index: number;
  count: number;
  disabled: boolean;
  onAction: (action: PhotoAction, index: number) => void;
  /** Registers the tile's buttons, so focus can follow a photo after it moves. */
  buttonRef: (action: PhotoAction, element: HTMLButtonElement | null) => void;
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
  return `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

/** One photo of the ordered list: its preview, position, and move and remove buttons. */
export function PhotoTile({ item, index, count, disabled, onAction, buttonRef }: PhotoTileProps) {
  const preview = useObjectUrl(item.source === 'new' ? item.file : null);
  const src = item.source === 'existing' ? imageUrl(item.id, 'thumb') : preview;
  const position = index + 1;
  const actions: { action: PhotoAction; label: string; icon: ReactNode; off: boolean }[] = [
    {
      action: 'earlier',
      label: text.moveEarlier(position),
      icon: <ArrowBackIcon fontSize="small" />,
      off: index === 0,
    },
    {
      action: 'later',
      label: text.moveLater(position),
      icon: <ArrowForwardIcon fontSize="small" />,
      off: index === count - 1,
    },
    {
      action: 'remove',
      label: text.remove(position),
      icon: <DeleteOutlineIcon fontSize="small" />,
      off: false,
    },
  ];

  return (
    <Paper component="li" variant="outlined" sx={{ overflow: 'hidden', listStyle: 'none' }}>
      <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'grey.200' }}>
        {src ? (
          <Box
            component="img"
            src={src}
            alt={text.alt(position)}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : null}
        <Stack direction="row" spacing={0.5} sx={{ position: 'absolute', top: 6, left: 6 }}>
          <Chip label={`${position}`} size="small" color="primary" aria-hidden="true" />
          {item.source === 'new' ? (
            <Chip label={text.newBadge} size="small" sx={{ bgcolor: 'background.paper' }} />
          ) : null}
        </Stack>
      </Box>
      {item.source === 'new' ? (
        <Typography
          variant="caption"
          color="text.secondary"
          noWrap
          title={item.file.name}
          sx={{ display: 'block', px: 1, pt: 0.5 }}
        >
          {item.file.name}（{formatSize(item.file.size)}）
        </Typography>
      ) : null}
      <Stack direction="row" sx={{ justifyContent: 'space-between', px: 0.5, py: 0.25 }}>
        {actions.map(({ action, label, icon, off }) => (
          <Tooltip key={action} title={label}>
            <span>
              <IconButton
                ref={(element) => buttonRef(action, element)}
                aria-label={label}
                onClick={() => onAction(action, index)}
                disabled={disabled || off}
                color={action === 'remove' ? 'error' : 'default'}
                size="small"
              >
                {icon}
              </IconButton>
            </span>
          </Tooltip>
        ))}
      </Stack>
    </Paper>
  );
}
