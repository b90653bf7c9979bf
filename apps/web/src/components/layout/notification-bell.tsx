import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLinkBase, useLocation } from 'react-router';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';

/**
 * The header's bell: a link to /notifications with the unread count, kept live by the
 * notifications feature's stream (the header passes it in); with none unread there is no badge.
 */
export function NotificationBell({ unread = 0 }: { unread?: number }) {
  const { pathname } = useLocation();
  const current = pathname === paths.notifications.path;
  return (
    <IconButton
      color="inherit"
      component={RouterLinkBase}
      to={paths.notifications.href()}
      aria-label={
        unread > 0 ? messages.nav.notificationsUnread(unread) : messages.nav.notifications
      }
      aria-current={current ? 'page' : undefined}
    >
      {/* Without unread ones there is no badge at all: its hidden 0 would still be text. */}
      {unread > 0 ? (
        <Badge badgeContent={unread} color="secondary">
          <NotificationsIcon aria-hidden="true" />
        </Badge>
      ) : (
        <NotificationsIcon aria-hidden="true" />
      )}
    </IconButton>
  );
}
