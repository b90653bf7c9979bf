import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useRouteTitle } from '../use-route-title';

/** /forgot */
export function Component() {
  const title = useRouteTitle();
  return (
    <AuthCard title={title}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
