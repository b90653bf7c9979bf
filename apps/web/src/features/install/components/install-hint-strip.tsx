import CloseIcon from '@mui/icons-material/Close';
import IosShareIcon from '@mui/icons-material/IosShare';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { messages } from '../../../config/messages';
import type { InstallHintKind } from '../install-hint-rules';

const text = messages.installHint;
/** The smallest target a finger hits reliably (WCAG 2.5.5). */
const TARGET_PX = 44;

/**
 * What the install hint shows (install-hint.tsx decides when): 「追加する」 with Chromium's
 * install prompt, or on iOS, which has none, where Safari's share menu has 「ホーム画面に追加」.
 * It never takes the focus; its buttons come after the header's in the tab order.
 */
export function InstallHintStrip({
  kind,
  onInstall,
  onDismiss,
}: {
  kind: InstallHintKind | null;
  onInstall: () => Promise<void>;
  onDismiss: () => void;
}) {
  const titleId = useId();
  // Stays mounted once loaded (components/lazy-when-open.tsx): closed, it shows nothing.
  if (!kind) return null;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      data-testid="install-hint"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        px: 1.5,
        py: 1,
        bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        component="img"
        src="/favicon.svg"
        alt=""
        width={32}
        height={32}
        sx={{ flexShrink: 0, mt: 0.5 }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={titleId} variant="body2" sx={{ fontWeight: 700 }}>
          {text.title}
        </Typography>
        {kind === 'prompt' ? (
          <>
            <Typography variant="body2">{text.promptBody}</Typography>
            <Button
              variant="contained"
              size="small"
              onClick={() => void onInstall()}
              sx={{ mt: 0.5, minHeight: TARGET_PX, px: 2 }}
            >
              {text.install}
            </Button>
          </>
        ) : (
          <Typography variant="body2">
            {text.iosShare}
            <IosShareIcon
              aria-hidden="true"
              fontSize="small"
              sx={{ verticalAlign: 'text-bottom', mx: 0.25, color: 'primary.main' }}
            />
            {text.iosSteps}
          </Typography>
        )}
      </Box>
      <IconButton
        aria-label={text.dismiss}
        onClick={onDismiss}
        sx={{ flexShrink: 0, width: TARGET_PX, height: TARGET_PX, mt: -0.5, mr: -0.5 }}
      >
        <CloseIcon aria-hidden="true" />
      </IconButton>
    </Box>
  );
}
