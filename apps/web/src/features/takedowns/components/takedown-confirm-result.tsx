import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterButton } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useConfirmTakedown } from '../api/confirm-takedown';

const text = messages.takedowns;

/**
 * The confirmation link's page: opening it confirms the request (docs/moderation.md#takedown-requests)
 * and shows the outcome — the receipt number, "already received", or why the link did not work —
 * in one live region so it is announced.
 */
export function TakedownConfirmResult({ token }: { token: string }) {
  const confirm = useConfirmTakedown(token);
  const failure = confirm.error
    ? isApiError(confirm.error)
      ? confirm.error.message
      : messages.form.unexpected
    : null;
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
      <Stack role="status" aria-live="polite" spacing={2} sx={{ width: '100%' }}>
        {confirm.isPending ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden="true" />
            <Typography>{text.confirming}</Typography>
          </Stack>
        ) : null}
        {confirm.data ? (
          <>
            <Alert severity="success" role="none">
              {confirm.data.message}
            </Alert>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {text.receiptNumber(confirm.data.result.receiptNumber)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {text.receiptNote}
            </Typography>
          </>
        ) : null}
        {failure ? (
          <Alert severity="error" role="none">
            {failure}
          </Alert>
        ) : null}
      </Stack>
      {confirm.isPending ? null : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
          {failure ? (
            <RouterButton to={paths.takedown.href()} variant="contained" sx={{ minHeight: 44 }}>
              {text.again}
            </RouterButton>
          ) : null}
          <RouterButton
            to={paths.home.href()}
            variant={failure ? 'text' : 'contained'}
            sx={{ minHeight: 44 }}
          >
            {text.toTop}
          </RouterButton>
        </Stack>
      )}
    </Stack>
  );
}
