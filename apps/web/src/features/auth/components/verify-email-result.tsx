import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterButton } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import {
  useDeclineVerification,
  useVerificationAccount,
  useVerifyEmail,
} from '../api/verify-email';
import { LinkResult } from './link-result';

const text = messages.auth.verifyEmail;

/**
 * 「はい」 signed the member in (the link was opened in the browser that registered): the
 * registration is done, and the next step is the app itself.
 */
function SignedIn({ message }: { message: string }) {
  return (
    <LinkResult pending={false} pendingText="" success={message} error={null}>
      <Typography>{text.welcome}</Typography>
      <RouterButton to={paths.home.href()} variant="contained">
        {text.start}
      </RouterButton>
      <RouterButton to={paths.settingsProfile.href()} variant="outlined">
        {text.toProfile}
      </RouterButton>
    </LinkResult>
  );
}

/**
 * The sign-up link's page. It names the account registered with the address and asks whether
 * the reader registered it: 「はい」 confirms, 「いいえ」 removes a registration someone else made
 * with this address (docs/accounts.md#an-unexpected-confirmation-mail). Opening it confirms
 * nothing.
 */
export function VerifyEmailResult({ token }: { token: string }) {
  const account = useVerificationAccount(token);
  const verify = useVerifyEmail(token);
  const decline = useDeclineVerification(token);

  const confirmed = account.data?.confirmed === true;
  if (verify.data?.user) return <SignedIn message={verify.data.message} />;
  if (verify.isSuccess || decline.isSuccess || confirmed || account.isPending || account.isError) {
    return (
      <LinkResult
        pending={account.isPending}
        pendingText={text.loading}
        success={verify.data?.message ?? decline.data ?? (confirmed ? text.alreadyConfirmed : null)}
        error={account.error}
      >
        {account.isError ? <Typography variant="body2">{text.failedHint}</Typography> : null}
        {verify.isSuccess ? <Typography variant="body2">{text.loginHint}</Typography> : null}
        {decline.isSuccess ? <Typography>{text.declinedHint}</Typography> : null}
        {decline.isSuccess ? (
          <RouterButton to={paths.home.href()} variant="outlined">
            {text.toHome}
          </RouterButton>
        ) : (
          <RouterButton
            to={paths.login.href()}
            variant={verify.isSuccess || confirmed ? 'contained' : 'outlined'}
          >
            {text.toLogin}
          </RouterButton>
        )}
      </LinkResult>
    );
  }

  const busy = verify.isPending || decline.isPending;
  const failure = verify.error ?? decline.error;
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'stretch' }}>
      <Typography>{text.registeredAs(account.data.name)}</Typography>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {text.question}
      </Typography>
      {failure ? (
        <Alert severity="error" role="alert">
          {isApiError(failure) ? failure.message : messages.form.unexpected}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button
          variant="contained"
          size="large"
          disabled={busy}
          onClick={() => verify.mutate()}
          sx={{ minHeight: 44 }}
        >
          {verify.isPending ? text.verifying : text.yes}
        </Button>
        <Button
          variant="outlined"
          size="large"
          disabled={busy}
          onClick={() => decline.mutate()}
          sx={{ minHeight: 44 }}
        >
          {text.no}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {text.noHint}
      </Typography>
    </Stack>
  );
}
