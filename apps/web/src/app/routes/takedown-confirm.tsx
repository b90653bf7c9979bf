import { useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { TakedownConfirmResult } from '../../features/takedowns/components/takedown-confirm-result';
import { useRouteTitle } from '../use-route-title';

/** /contact/takedown/confirm/:token — the mailed link; opening it confirms the request. */
export function Component() {
  const title = useRouteTitle();
  const { token = '' } = useParams();
  return (
    <PageFrame title={title} maxWidth="sm">
      <TakedownConfirmResult token={token} />
    </PageFrame>
  );
}
