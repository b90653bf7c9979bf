import Typography from '@mui/material/Typography';
import { RouterButton } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useMe } from '../api/get-me';
import { useVerifyNewEmail } from '../api/verify-new-email';
import { LinkResult } from './link-result';

const text = messages.auth.verifyNewEmail;

/** Switches the account to its new address from the mailed link. */
export function VerifyNewEmailResult({ token }: { token: string }) {
  const verify = useVerifyNewEmail(token);
  const { data: me } = useMe();
  const signedIn = Boolean(me);
  return (
    <LinkResult
      pending={verify.isPending}
      pendingText={text.verifying}
      success={verify.data?.message ?? null}
      error={verify.error}
    >
      {verify.data ? <Typography>{text.changedTo(verify.data.user.email)}</Typography> : null}
      {signedIn ? (
        <RouterButton to={paths.settingsProfile.href()} variant="contained">
          {text.toSettings}
        </RouterButton>
      ) : (
        <RouterButton to={paths.login.href()} variant="contained">
          {text.toLogin}
        </RouterButton>
      )}
    </LinkResult>
  );
}
