import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { FormErrorAlert } from '../../components/form/form-alerts';
import { SubmitButton } from '../../components/form/submit-button';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { useSecureAccount } from '../../features/auth/api/account-security';
import { clearSession, refreshAfterSessionChange } from '../../features/auth/api/get-me';
import { AuthCard } from '../../features/auth/components/auth-card';
import { isApiError } from '../../lib/api-error';
import { useRouteTitle } from '../use-route-title';

const text = messages.security;

/**
 * /secure-account/:token — a security alert's 「アカウントを守る」 (docs/accounts.md#alerts): one
 * press ends every session (this browser's too) and goes on to setting a new password. Opening
 * the page changes nothing, so a mail scanner's visit does no harm.
 */
export function Component() {
  const title = useRouteTitle();
  const { token = '' } = useParams();
  const secure = useSecureAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <AuthCard title={title}>
      <Stack
        component="form"
        spacing={2.5}
        onSubmit={(event) => {
          event.preventDefault();
          secure.mutate(token, {
            onSuccess: (resetToken) => {
              clearSession(queryClient);
              refreshAfterSessionChange(queryClient);
              void navigate(paths.resetPassword.href(resetToken), { replace: true });
            },
          });
        }}
      >
        <Typography>{text.secureIntro}</Typography>
        <FormErrorAlert>
          {secure.isError
            ? isApiError(secure.error)
              ? secure.error.message
              : messages.form.unexpected
            : null}
        </FormErrorAlert>
        <SubmitButton
          pending={secure.isPending}
          label={text.secureSubmit}
          pendingLabel={text.securing}
          color="error"
          fullWidth
        />
      </Stack>
    </AuthCard>
  );
}
