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
    </Button>
  );
}
