import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { PostKind } from '@ekispot/shared';
import { messages } from '../config/messages';
import { eventStatus } from '../lib/japan-time';
import type { EventStatus } from '../lib/japan-time';

// Colours whose text keeps WCAG AA contrast on the chip.
const KIND_COLORS: Record<PostKind, 'primary' | 'secondary' | 'default'> = {
  spot: 'primary',
  event: 'secondary',
  image: 'default',
};

const STATUS_STYLES: Record<
  EventStatus,
  { color: 'primary' | 'success' | 'default'; variant: 'filled' | 'outlined' }
> = {
  upcoming: { color: 'primary', variant: 'outlined' },
  ongoing: { color: 'success', variant: 'filled' },
  ended: { color: 'default', variant: 'outlined' },
};

/** The kind of a post, and for events whether it is 開催予定, 開催中 or 終了. */
export function PostKindChips({
  kind,
  startsAt,
  endsAt,
  size = 'small',
}: {
  kind: PostKind;
  startsAt: string | null;
  endsAt: string | null;
  size?: 'small' | 'medium';
}) {
  const status = kind === 'event' ? eventStatus(startsAt, endsAt) : null;
  return (
    <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap' }}>
      <Chip size={size} color={KIND_COLORS[kind]} label={messages.posts.kindLabel(kind)} />
      {status ? (
        <Chip
          size={size}
          variant={STATUS_STYLES[status].variant}
          color={STATUS_STYLES[status].color}
          label={messages.eventStatus[status]}
        />
      ) : null}
    </Stack>
  );
}
