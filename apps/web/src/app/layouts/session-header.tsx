import Box from '@mui/material/Box';
import { useLocation } from 'react-router';
import { AppHeader } from '../../components/layout/app-header';
import { BottomNav } from '../../components/layout/bottom-nav';
import { NotificationBell } from '../../components/layout/notification-bell';
import { useMe } from '../../features/auth/api/get-me';
import { UserMenu } from '../../features/auth/components/user-menu';
import { useUnreadCount } from '../../features/notifications/api/get-unread-count';
import { useNotificationStream } from '../../features/notifications/hooks/use-notification-stream';
import { PostMenu } from './post-menu';
import { StationSearchButton } from './station-search-button';

/** The post forms: their own submit button says 投稿する, so the header leaves its menu out. */
function isPostFormPath(pathname: string): boolean {
  return pathname.startsWith('/post/create/') || pathname.startsWith('/post/update/');
}

/** The header with the session's account menu (or a login link), search and post menu. */
export function SessionHeader({
  mapSearch = false,
}: {
  /** The map page: its panel has the one search there, so on a phone the header leaves its own out. */
  mapSearch?: boolean;
} = {}) {
  const { data: user } = useMe();
  const signedIn = Boolean(user);
  const unread = useUnreadCount(signedIn);
  useNotificationStream(signedIn);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const redirect = location.pathname === '/' || location.pathname === '/login' ? undefined : here;
  return (
    <AppHeader
      account={user ? <UserMenu user={user} /> : null}
      loginRedirect={redirect}
      search={
        mapSearch ? (
          <Box sx={{ display: { xs: 'none', sm: 'contents' } }}>
            <StationSearchButton />
          </Box>
        ) : (
          <StationSearchButton />
        )
      }
      post={isPostFormPath(location.pathname) ? null : <PostMenu variant="header" />}
      notifications={user ? <NotificationBell unread={unread} /> : null}
    />
  );
}

/** The phone's bottom bar, with the post menu in the middle. */
export function SessionBottomNav() {
  return <BottomNav post={<PostMenu variant="bottom" />} />;
}
