import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { messages } from '../../../config/messages';

interface ReactionButtonProps {
  label: string;
  active: boolean;
  count: number;
  icon: ReactNode;
  activeIcon: ReactNode;
  busy?: boolean;
  /** Pressed offline: waiting in the queue to be sent (docs/pwa.md#queued-actions). */
  pending?: boolean;
  onClick: () => void;
}

/**
 * A toggle button with its count (「いいね 3」). aria-pressed tells assistive technology
 * whether it is on. While a call is running the button stays focusable but reports busy. The
 * second click of a double click (`detail` 2 and up) is ignored, so a double click counts once
 * even when the first call has already answered (docs/product-rules.md#posts).
 */
export function ReactionButton({
  label,
  active,
  count,
  icon,
  activeIcon,
  busy = false,
  pending = false,
  onClick,
}: ReactionButtonProps) {
  return (
    <Button
      variant={active ? 'contained' : 'outlined'}
      color="secondary"
      aria-pressed={active}
      aria-busy={busy || undefined}
      startIcon={active ? activeIcon : icon}
      onClick={(event) => {
        if (event.detail < 2) onClick();
      }}
      sx={{ borderRadius: 999, whiteSpace: 'nowrap' }}
    >
      {messages.posts.reactions.count(label, count)}
      {pending ? (
        <Box
          component="span"
          data-testid="pending-mark"
          sx={{ ml: 0.75, fontSize: '0.75em', fontWeight: 400, opacity: 0.85 }}
        >
          {/* A space in the button's name: 「いいね 1 送信待ち」. */}{' '}
          {messages.actionQueue.pending}
        </Box>
      ) : null}
    </Button>
  );
}
