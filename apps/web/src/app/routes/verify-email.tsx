import { useParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { VerifyEmailResult } from '../../features/auth/components/verify-email-result';
import { useRouteTitle } from '../use-route-title';

/** /verify-email/:token — names the registration and asks before confirming the address. */
export function Component() {
  const title = useRouteTitle();
  const { token = '' } = useParams();
  return (
    <AuthCard title={title}>
      <VerifyEmailResult token={token} />
    </AuthCard>
  );
}
