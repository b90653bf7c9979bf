import LoginIcon from '@mui/icons-material/Login';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLinkBase, useLocation } from 'react-router';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { NAV_DESTINATIONS } from './nav-destinations';

interface AppHeaderProps {
  /** The signed-in user's account menu, or null for a visitor (who gets a login link). */
  account: ReactNode;
  /** Where the login link should bring the visitor back to. */
  loginRedirect?: string;
  /** The station search (a button that opens it). */
  search?: ReactNode;
  /** The 「投稿する」 menu; desktop only, phones have it in the bottom bar. */
  post?: ReactNode;
  /** The notification bell (members only). */
  notifications?: ReactNode;
}

/** Only from lg (docs/product-rules.md#constants): below it the bottom bar carries the destinations. */
const DESKTOP_ONLY = { display: { xs: 'none', lg: 'flex' } } as const;

const CURRENT_ICON_BG = 'rgba(255, 255, 255, 0.2)';

/** The destinations a phone's bottom bar has no room for: icons in its header instead. */
const PHONE_HEADER_DESTINATIONS = NAV_DESTINATIONS.filter(({ phone }) => phone === 'header');

/**
 * The banner of every page: the logo, on desktop the main destinations (the current one
 * marked with aria-current) and 「投稿する」, on a phone the destinations its bottom bar leaves
 * out (ユーザー) as icons, then the search, the bell and the account.
 */
export function AppHeader({ account, loginRedirect, search, post, notifications }: AppHeaderProps) {
  const { pathname } = useLocation();
  return (
    <AppBar position="static" color="primary" elevation={1} component="header">
      <Toolbar
        variant="dense"
        sx={{
          gap: { xs: 0.5, sm: 1 },
          minHeight: 56,
          px: { xs: 1, sm: 2 },
          // On the dark green bar the app's blue focus ring would barely show: white here.
          '& .Mui-focusVisible, & a:focus-visible': {
            outline: '3px solid #ffffff',
            outlineOffset: '2px',
          },
        }}
      >
        <Typography
          component={RouterLinkBase}
          to={paths.home.href()}
          aria-label={messages.header.home}
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            fontWeight: 700,
            fontSize: 22,
            // A 44 px target, like the header's buttons.
            display: 'inline-flex',
            alignItems: 'center',
            minHeight: 44,
            mr: { xs: 0.5, lg: 2 },
            whiteSpace: 'nowrap',
          }}
        >
          {messages.appName}
        </Typography>
        <Box
          component="nav"
          aria-label={messages.nav.main}
          sx={{ ...DESKTOP_ONLY, gap: 0.5 }}
          data-testid="header-nav"
        >
          {NAV_DESTINATIONS.map(({ id, label, href, Icon, isCurrent }) => {
            const current = isCurrent(pathname);
            return (
              <Button
                key={id}
                color="inherit"
                component={RouterLinkBase}
                to={href}
                aria-current={current ? 'page' : undefined}
                startIcon={<Icon aria-hidden="true" />}
                sx={{
                  whiteSpace: 'nowrap',
                  borderBottom: '3px solid',
                  borderColor: current ? '#ffffff' : 'transparent',
                  borderRadius: 0,
                  fontWeight: current ? 700 : 500,
                }}
              >
                {label}
              </Button>
            );
          })}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {PHONE_HEADER_DESTINATIONS.map(({ id, label, href, Icon, isCurrent }) => {
          const current = isCurrent(pathname);
          return (
            <IconButton
              key={id}
              color="inherit"
              component={RouterLinkBase}
              to={href}
              aria-label={label}
              aria-current={current ? 'page' : undefined}
              sx={{
                display: { xs: 'inline-flex', lg: 'none' },
                flexShrink: 0,
                // The current page: a lighter disc, kept after the tap that opened it (a touch
                // screen's :hover would otherwise clear it).
                ...(current && {
                  bgcolor: CURRENT_ICON_BG,
                  '&:hover': {
                    bgcolor: CURRENT_ICON_BG,
                    '@media (hover: none)': { bgcolor: CURRENT_ICON_BG },
                  },
                }),
              }}
            >
              <Icon aria-hidden="true" />
            </IconButton>
          );
        })}
        {search}
        {post ? <Box sx={DESKTOP_ONLY}>{post}</Box> : null}
        {notifications}
        {account ? (
          account
        ) : (
          <Button
            color="inherit"
            variant="outlined"
            component={RouterLinkBase}
            to={paths.login.href(loginRedirect)}
            startIcon={<LoginIcon aria-hidden="true" />}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {messages.header.login}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
