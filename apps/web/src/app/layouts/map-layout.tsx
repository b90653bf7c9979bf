import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/layout/skip-link';
import { InstallHint } from '../../features/install/components/install-hint';
import { PostMenu } from './post-menu';
import { SessionBottomNav, SessionHeader } from './session-header';

/**
 * Full-viewport map between the header and (on phones) the bottom bar, with 「投稿」 on it on
 * wider screens (phones have it in the bottom bar).
 */
export function MapLayout() {
  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <SessionHeader mapSearch />
      {/* In the column, so the map gives it room rather than being covered (docs/pwa.md). */}
      <InstallHint />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flex: 1, minHeight: 0, position: 'relative' }}
      >
        <Outlet />
        {/* Phones post from the bottom bar: one way in, not two. */}
        <Box sx={{ display: { xs: 'none', lg: 'contents' } }}>
          <PostMenu variant="fab" />
        </Box>
      </Box>
      <SessionBottomNav />
    </Box>
  );
}
