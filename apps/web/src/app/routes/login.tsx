import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { sanitizeRedirect } from '../../lib/safe-redirect';
import { useRouteTitle } from '../use-route-title';

/** /login — back to `?redirect=` afterwards, when it is a page of this site. */
export function Component() {
  const title = useRouteTitle();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const target = sanitizeRedirect(searchParams.get('redirect'));
  return (
    <AuthCard title={title}>
      <LoginForm onSuccess={() => void navigate(target, { replace: true })} />
    </AuthCard>
  );
}
