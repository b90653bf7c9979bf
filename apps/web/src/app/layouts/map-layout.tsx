import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/layout/skip-link';
import { SessionHeader } from './session-header';

/** Full-viewport map under the header. */
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
      </Box>
    </Box>
  );
}
