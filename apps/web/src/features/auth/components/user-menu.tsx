import GavelIcon from '@mui/icons-material/Gavel';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LazyMenu } from '../../../components/lazy-mui';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { showFlash } from '../../../lib/flash-message';
import { useSessionAssumed } from '../../../lib/session-owner';
import type { SessionUser } from '../api/get-me';
import { useLogout } from '../api/logout';
import { UserAvatar } from '../../../components/user-avatar';

const text = messages.auth.menu;

/**
 * The header's account menu: the avatar opens マイページ, リスト, 設定 and ログアウト, and for a
 * moderator モデレーション (no one else is shown the way there). Offline, the member shown is the
 * one last seen, and the menu says so (docs/pwa.md#whose-data).
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const navigate = useNavigate();
  const logout = useLogout();
  const assumed = useSessionAssumed();
  const open = anchor !== null;

  const signOut = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        setAnchor(null);
        showFlash(text.loggedOut);
        void navigate(paths.home.href());
      },
      onError: () => {
        setAnchor(null);
        showFlash(text.logoutFailed, 'info');
      },
    });
  };

  return (
    <>
      <IconButton
        id={buttonId}
        aria-label={text.open(user.name)}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        onPointerEnter={LazyMenu.preload}
        onFocus={LazyMenu.preload}
        sx={{ p: 0.5 }}
      >
        <UserAvatar name={user.name} avatar={user.avatar} size={36} named />
      </IconButton>
      <LazyMenu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {/* The name is in the button's label already; here it is for the eye only. */}
        <ListSubheader role="presentation" sx={{ lineHeight: 2.5, fontWeight: 700 }}>
          {text.signedInAs(user.name)}
        </ListSubheader>
        {assumed ? (
          <ListSubheader
            role="presentation"
            sx={{ lineHeight: 1.5, pb: 1, fontWeight: 400, maxWidth: 260 }}
          >
            {text.lastSeenOffline}
          </ListSubheader>
        ) : null}
        <Divider />
        <MenuItem
          component={Link}
          to={paths.profilePosts.href(user.id)}
          onClick={() => setAnchor(null)}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" aria-hidden="true" />
          </ListItemIcon>
          <ListItemText>{messages.nav.myPage}</ListItemText>
        </MenuItem>
        <MenuItem
          component={Link}
          to={paths.profileLists.href(user.id)}
          onClick={() => setAnchor(null)}
        >
          <ListItemIcon>
            <ListAltIcon fontSize="small" aria-hidden="true" />
          </ListItemIcon>
          <ListItemText>{messages.nav.lists}</ListItemText>
        </MenuItem>
        <MenuItem
          component={Link}
          to={paths.settingsProfile.href()}
          onClick={() => setAnchor(null)}
        >
          <ListItemIcon>
            <SettingsIcon fontSize="small" aria-hidden="true" />
          </ListItemIcon>
          <ListItemText>{text.settings}</ListItemText>
        </MenuItem>
        {user.isModerator ? (
          <MenuItem component={Link} to={paths.moderation.href()} onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <GavelIcon fontSize="small" aria-hidden="true" />
            </ListItemIcon>
            <ListItemText>{messages.moderation.menuItem}</ListItemText>
          </MenuItem>
        ) : null}
        <MenuItem onClick={signOut} disabled={logout.isPending}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" aria-hidden="true" />
          </ListItemIcon>
          <ListItemText>{text.logout}</ListItemText>
        </MenuItem>
      </LazyMenu>
    </>
  );
}
