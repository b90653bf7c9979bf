import { AuthCard } from '../../features/auth/components/auth-card';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useRouteTitle } from '../use-route-title';

/** /register */
export function Component() {
  const title = useRouteTitle();
  return (
    <AuthCard title={title}>
      <RegisterForm />
    </AuthCard>
  );
}
