import CloudOffIcon from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { messages } from '../config/messages';
import { useOnline } from '../lib/online-status';

const text = messages.offline;

/**
 * Across the top of every page while the browser is offline (docs/navigation.md#offline): what
 * is on screen stays readable, and the member knows why nothing new comes.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <Alert
          severity="warning"
          icon={<CloudOffIcon fontSize="inherit" aria-hidden="true" />}
          sx={{
            borderRadius: 0,
            py: 0.25,
            justifyContent: 'center',
          }}
        >
          {text.banner}
        </Alert>
      )}
    </div>
  );
}

/**
 * What a page shows when it cannot load because the browser is offline — its code or its data —
 * instead of an endless skeleton or the browser's own offline page. 再試行 tries again; coming
 * back online tries by itself.
 */
export function OfflineView({ onRetry }: { onRetry: () => void }) {
  const online = useOnline();
  useEffect(() => {
    if (online) onRetry();
    // Only the change to online retries; onRetry may be a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online]);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 5, md: 8 } }} data-testid="offline-view">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CloudOffIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden="true" />
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          {text.title}
        </Typography>
        <Typography color="text.secondary">{text.body}</Typography>
        <Button variant="contained" onClick={onRetry} sx={{ minHeight: 44 }}>
          {text.retry}
        </Button>
      </Stack>
    </Container>
  );
}
