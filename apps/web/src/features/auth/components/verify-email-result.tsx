import Typography from '@mui/material/Typography';
import { RouterButton } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useVerifyEmail } from '../api/verify-email';
import { LinkResult } from './link-result';

const text = messages.auth.verifyEmail;

/** Confirms the sign-up address as soon as the mailed link is opened. */
export function VerifyEmailResult({ token }: { token: string }) {
  const verify = useVerifyEmail(token);
  return (
    <LinkResult
      pending={verify.isPending}
      pendingText={text.verifying}
      success={verify.data ?? null}
      error={verify.error}
    >
      {verify.isError ? <Typography variant="body2">{text.failedHint}</Typography> : null}
      <RouterButton to={paths.login.href()} variant={verify.isSuccess ? 'contained' : 'outlined'}>
        {text.toLogin}
      </RouterButton>
    </LinkResult>
  );
}
