import { Navigate, useLocation, useParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
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

/**
 * /stamps leads to the signed-in member's own stamps tab: an address the installed app's
 * shortcut can name without knowing who is signed in (docs/pwa.md#the-manifest). The route's
 * guard has already sent a visitor to the login page, which returns here.
 */
export function OwnStampBookRedirect() {
  const { data: user } = useMe();
  return user ? <Navigate to={profileTabHref.stamps(user.id)} replace /> : null;
}
