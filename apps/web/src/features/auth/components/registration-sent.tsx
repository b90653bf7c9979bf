import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { FormStatus } from '../../../components/form/form-alerts';
import { RouterLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useResendVerification } from '../api/resend-verification';

const text = messages.auth.register;

/** After sign-up: where the mail went, and a way to have it sent again. */
export function RegistrationSent({ email }: { email: string }) {
  const resend = useResendVerification();
  const heading = useRef<HTMLHeadingElement>(null);

  // The form is replaced: move focus to the news so keyboard and screen reader users get it.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Stack spacing={2.5}>
      <Typography ref={heading} component="h2" variant="h6" tabIndex={-1} sx={{ outline: 'none' }}>
        {text.sentHeading}
      </Typography>
      <Typography>{text.sentBody(email)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {text.notArrived}
      </Typography>
      <FormStatus>{resend.isSuccess ? resend.data : null}</FormStatus>
      {resend.isError ? (
        <Alert severity="error" role="alert">
          {isApiError(resend.error) ? resend.error.message : messages.form.unexpected}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button variant="outlined" disabled={resend.isPending} onClick={() => resend.mutate(email)}>
          {text.resend}
        </Button>
        <RouterLink to={paths.login.href()} sx={{ alignSelf: 'center' }}>
          {text.login}
        </RouterLink>
      </Stack>
    </Stack>
  );
}
