import CasinoIcon from '@mui/icons-material/Casino';
import LoginIcon from '@mui/icons-material/Login';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLinkBase } from 'react-router';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';

interface AppHeaderProps {
  /** The signed-in user's account menu, or null for a visitor (who gets a login link). */
  account: ReactNode;
  /** Where the login link should bring the visitor back to. */
  loginRedirect?: string;
}

export function AppHeader({ account, loginRedirect }: AppHeaderProps) {
  return (
    <AppBar position="static" color="primary" elevation={1} component="header">
      <Toolbar
        variant="dense"
        sx={{
          gap: 1,
          minHeight: 56,
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
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, fontSize: 22, mr: 2 }}
        >
          {messages.appName}
        </Typography>
        <Box
          component="nav"
          aria-label={messages.header.mainNav}
          sx={{ display: 'flex', gap: 1, flexGrow: 1 }}
        >
          <Button
            color="inherit"
            component={RouterLinkBase}
            to={paths.stationRandom.href()}
            startIcon={<CasinoIcon aria-hidden="true" />}
          >
            {messages.header.gacha}
          </Button>
        </Box>
        {account ? (
          account
        ) : (
          <Button
            color="inherit"
            variant="outlined"
            component={RouterLinkBase}
            to={paths.login.href(loginRedirect)}
            startIcon={<LoginIcon aria-hidden="true" />}
          >
            {messages.header.login}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
