import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/layout/skip-link';
import { PostMenu } from './post-menu';
import { SessionBottomNav, SessionHeader } from './session-header';

/** Full-viewport map between the header and (on phones) the bottom bar, with 「投稿」 on it. */
export function MapLayout() {
  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <SessionHeader />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flex: 1, minHeight: 0, position: 'relative' }}
      >
        <Outlet />
        <PostMenu variant="fab" />
      </Box>
      <SessionBottomNav />
    </Box>
  );
}
