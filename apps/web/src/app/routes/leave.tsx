import { useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { paths } from '../../config/paths';
import { LeaveForm } from '../../features/auth/components/leave-form';
import { showFlash } from '../../lib/flash-message';
import { useRouteTitle } from '../use-route-title';

/** /leave — after leaving, the visitor lands on the top page with the farewell. */
export function Component() {
  const title = useRouteTitle();
  const navigate = useNavigate();
  return (
    <PageFrame title={title} maxWidth="sm">
      <LeaveForm
        onLeft={(message) => {
          showFlash(message);
          void navigate(paths.home.href(), { replace: true });
        }}
      />
    </PageFrame>
  );
}
