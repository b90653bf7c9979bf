import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLinkBase, useLocation } from 'react-router';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';

/**
 * The header's bell: a link to /notifications. `unread` is the slot for the live count that
 * comes with notifications; without it the badge stays hidden.
 */
export function NotificationBell({ unread = 0 }: { unread?: number }) {
  const { pathname } = useLocation();
  const current = pathname === paths.notifications.path;
  return (
    <IconButton
      color="inherit"
      component={RouterLinkBase}
      to={paths.notifications.href()}
      aria-label={messages.nav.notifications}
      aria-current={current ? 'page' : undefined}
    >
      <Badge badgeContent={unread} color="secondary" invisible={unread === 0}>
        <NotificationsIcon aria-hidden="true" />
      </Badge>
    </IconButton>
  );
}
