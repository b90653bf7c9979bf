import { PageFrame } from '../../components/page-frame';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { useNotice } from '../../hooks/use-notice';
import { useRouteTitle } from '../use-route-title';

/** /notifications — 通知: grouped notifications; opening the page marks what it shows read. */
export function Component() {
  const title = useRouteTitle();
  const snack = useNotice();
  return (
    <PageFrame title={title} maxWidth="sm">
      <NotificationList notify={snack.show} />
      {snack.element}
    </PageFrame>
  );
}
