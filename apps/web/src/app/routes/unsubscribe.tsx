import { useParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { UnsubscribeConfirm } from '../../features/auth/components/unsubscribe-confirm';
import { useRouteTitle } from '../use-route-title';

/** /unsubscribe/:token — a button, never an automatic call. */
export function Component() {
  const title = useRouteTitle();
  const { token = '' } = useParams();
  return (
    <AuthCard title={title}>
      <UnsubscribeConfirm token={token} />
    </AuthCard>
  );
}
