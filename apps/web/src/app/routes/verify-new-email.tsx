import { useParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { VerifyNewEmailResult } from '../../features/auth/components/verify-new-email-result';
import { useRouteTitle } from '../use-route-title';

/** /verify-new-email/:token — switches to the new address on opening. */
export function Component() {
  const title = useRouteTitle();
  const { token = '' } = useParams();
  return (
    <AuthCard title={title}>
      <VerifyNewEmailResult token={token} />
    </AuthCard>
  );
}
