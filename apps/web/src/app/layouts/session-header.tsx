import { useLocation } from 'react-router';
import { AppHeader } from '../../components/layout/app-header';
import { useMe } from '../../features/auth/api/get-me';
import { UserMenu } from '../../features/auth/components/user-menu';

export function SessionHeader() {
  const { data: user } = useMe();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const redirect = location.pathname === '/' || location.pathname === '/login' ? undefined : here;
  return <AppHeader account={user ? <UserMenu user={user} /> : null} loginRedirect={redirect} />;
}
