import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';

interface LinkResultProps {
  pending: boolean;
  pendingText: string;
  /** The server's message once the link worked. */
  success: string | null;
  error: unknown;
  /** Shown under the outcome: links onward. */
  children?: ReactNode;
}

/** The outcome of opening a mailed link, in one live region so it is announced. */
export function LinkResult({ pending, pendingText, success, error, children }: LinkResultProps) {
  const failure = error ? (isApiError(error) ? error.message : messages.form.unexpected) : null;
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
      <Stack role="status" aria-live="polite" sx={{ width: '100%' }}>
        {pending ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden="true" />
            <Typography>{pendingText}</Typography>
          </Stack>
        ) : null}
        {success ? (
          <Alert severity="success" role="none">
            {success}
          </Alert>
        ) : null}
        {failure ? (
          <Alert severity="error" role="none">
            {failure}
          </Alert>
        ) : null}
      </Stack>
      {pending ? null : children}
    </Stack>
  );
}
