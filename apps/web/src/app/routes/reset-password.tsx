import { useParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useRouteTitle } from '../use-route-title';

/** /reset-password/:token (the guard has checked the token's form). */
export function Component() {
  const title = useRouteTitle();
  const { token = '' } = useParams();
  return (
    <AuthCard title={title}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
