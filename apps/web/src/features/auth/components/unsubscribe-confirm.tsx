import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormStatus } from '../../../components/form/form-alerts';
import { RouterLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useUnsubscribe } from '../api/unsubscribe';
import { SubmitButton } from '../../../components/form/submit-button';

const text = messages.auth.unsubscribe;

/**
 * One click stops the notice mails. Nothing is sent on opening the page: mail scanners
 * fetch links, and must not unsubscribe anyone.
 */
export function UnsubscribeConfirm({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe();
  const done = unsubscribe.data;
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
      <FormStatus>{done ? text.done(done.email) : null}</FormStatus>
      {done ? (
        <Typography>{text.resumeNote}</Typography>
      ) : (
        <Stack
          component="form"
          spacing={2.5}
          sx={{ alignItems: 'flex-start' }}
          onSubmit={(event) => {
            event.preventDefault();
            unsubscribe.mutate(token);
          }}
        >
          <Typography>{text.intro}</Typography>
          <Typography variant="body2" color="text.secondary">
            {text.essentialNote}
          </Typography>
          {unsubscribe.isError ? (
            <Alert severity="error" role="alert" sx={{ width: '100%' }}>
              {isApiError(unsubscribe.error) ? unsubscribe.error.message : messages.form.unexpected}
            </Alert>
          ) : null}
          <SubmitButton
            pending={unsubscribe.isPending}
            label={text.submit}
            pendingLabel={text.submitting}
          />
        </Stack>
      )}
      <RouterLink to={paths.home.href()}>{text.toHome}</RouterLink>
    </Stack>
  );
}
