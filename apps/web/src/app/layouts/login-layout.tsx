import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router';
import { AppFooter } from '../../components/layout/app-footer';
import { MAIN_CONTENT_ID } from '../../components/layout/skip-link';
import { SessionBottomNav, SessionHeader } from './session-header';

/** Narrow, centred column for account pages (login, registration, tokens). */
export function LoginLayout() {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <SessionHeader />
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        maxWidth="sm"
        sx={{ flex: 1, outline: 'none' }}
      >
        <Outlet />
      </Container>
      <AppFooter />
      <SessionBottomNav />
    </Box>
  );
}
