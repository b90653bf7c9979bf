import { useLocation, useParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { ProfilePage } from '../../features/people/components/profile-page';
import { profileTabOf } from '../../features/people/components/profile-tabs';
import { useReportDialog } from '../../features/reports/hooks/use-report-dialog';
import { StampBook } from '../../features/stamps/components/stamp-book';

/** /profile/:userId/… — every tab; the parameter is validated by the route guard. */
export function Component() {
  const { userId = '' } = useParams();
  const { pathname } = useLocation();
  const me = useMe();
  const report = useReportDialog();
  return (
    <>
      <ProfilePage
        userId={userId}
        tab={profileTabOf(pathname)}
        viewerId={me.isPending ? undefined : (me.data?.id ?? null)}
        stampBook={<StampBook key={userId} userId={userId} />}
        onReport={report.open}
      />
      {report.element}
    </>
  );
}
