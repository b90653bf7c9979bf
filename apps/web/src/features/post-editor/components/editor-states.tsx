import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import { messages } from '../../../config/messages';
import { usePrimaryLoading } from '../../../lib/page-loading';

const text = messages.postEditor;

/**
 * While the post, its parent or its station loads: the form's primary data, so the global
 * loading bar runs as long as this shows (docs/navigation.md#loading-bar).
 */
export function EditorLoading() {
  usePrimaryLoading(true);
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={text.context.loading} />
    </Box>
  );
}

/** A failed load that is not a 404: say so and offer to try again. */
export function EditorLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {text.context.retry}
          </Button>
        }
      >
        {text.context.loadFailed}
      </Alert>
    </Container>
  );
}
