import Alert from '@mui/material/Alert';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../config/messages';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { sanitizeRedirect } from '../../lib/safe-redirect';
import { isSessionExpiredState } from '../session-expiry';
import { useRouteTitle } from '../use-route-title';

/**
 * /login — back to `?redirect=` afterwards, when it is a page of this site. Reached after a
 * session ended, it says so first.
 */
export function Component() {
  const title = useRouteTitle();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const expired = isSessionExpiredState(useLocation().state);
  const target = sanitizeRedirect(searchParams.get('redirect'));
  return (
    <AuthCard title={title}>
      {expired ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {messages.session.expired}
        </Alert>
      ) : null}
      <LoginForm onSuccess={() => void navigate(target, { replace: true })} />
    </AuthCard>
  );
}
