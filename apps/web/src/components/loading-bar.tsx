import LinearProgress from '@mui/material/LinearProgress';
import { messages } from '../config/messages';

/** The global loading indicator, fixed to the top edge. */
export function LoadingBar({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <LinearProgress
      aria-label={messages.loading}
      data-testid="global-loading"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
      }}
    />
  );
}
