import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { AppFooter } from '../../components/layout/app-footer';
import { MAIN_CONTENT_ID } from '../../components/layout/skip-link';
import { InstallHint } from '../../features/install/components/install-hint';
import { SessionBottomNav, SessionHeader } from './session-header';

export function DefaultLayout() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <SessionHeader />
      <InstallHint />
      {/* At least a screen tall, so the footer starts below the fold: a page's content arriving
          after its first paint pushes the footer down out of sight instead of moving it on screen
          (a layout shift; docs/benchmarks.md#lighthouse). */}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flex: 1, minHeight: '100dvh', outline: 'none' }}
      >
        <Outlet />
      </Box>
      <AppFooter />
      <SessionBottomNav />
    </Box>
  );
}
