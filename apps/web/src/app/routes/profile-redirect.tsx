import { Navigate, useLocation, useParams } from 'react-router';
import { profileTabHref, profileTabOf } from '../../features/people/components/profile-tabs';

/**
 * /profile/:userId and the short tab addresses (/profile/:userId/liked …) lead to the tab's
 * address in the route table (/profile/:userId/action/liked …).
 */
export function Component() {
  const { userId = '' } = useParams();
  const { pathname } = useLocation();
  return <Navigate to={profileTabHref[profileTabOf(pathname)](userId)} replace />;
}
