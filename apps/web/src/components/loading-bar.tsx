import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useState } from 'react';
import { messages } from '../config/messages';

/** Navigations faster than this never show the bar, so instant ones do not flicker. */
export const LOADING_BAR_DELAY_MS = 150;
/** How long the bar outlives its cause, so that hand-overs between loaders do not blink. */
const LOADING_BAR_GAP_MS = 100;
/** Amber on the green header: about 6:1, far above the 3:1 a non-text indicator needs. */
const BAR_COLOR = '#ffd54f';
const BAR_HEIGHT_PX = 4;

/**
 * The global loading indicator (docs/product-rules.md#navigation, docs/navigation.md), fixed to the top edge over the header. It
 * appears once `active` has lasted {@link LOADING_BAR_DELAY_MS} and goes right after it ends.
 */
export function LoadingBar({ active }: { active: boolean }) {
  const [shown, setShown] = useState(false);

  // Both ways through a timer: a short gap between the route's end and the page's own
  // loading (one render apart) neither hides the bar nor restarts its delay.
  useEffect(() => {
    const timer = window.setTimeout(
      () => setShown(active),
      active ? LOADING_BAR_DELAY_MS : LOADING_BAR_GAP_MS,
    );
    return () => window.clearTimeout(timer);
  }, [active]);

  if (!shown) return null;
  return (
    <LinearProgress
      aria-label={messages.loading}
      data-testid="global-loading"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: BAR_HEIGHT_PX,
        zIndex: (theme) => theme.zIndex.modal + 1,
        bgcolor: 'rgba(255, 255, 255, 0.35)',
        '& .MuiLinearProgress-bar': { bgcolor: BAR_COLOR },
      }}
    />
  );
}
