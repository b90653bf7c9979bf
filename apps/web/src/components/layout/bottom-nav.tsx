import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLinkBase, useLocation } from 'react-router';
import { messages } from '../../config/messages';
import { NAV_DESTINATIONS } from './nav-destinations';

export const BOTTOM_NAV_HEIGHT_PX = 56;

const BOTTOM_DESTINATIONS = NAV_DESTINATIONS.filter(
  (destination) => destination.phone === 'bottom',
);

/** One cell of the bottom bar: icon over label; the 投稿 trigger uses the same look. */
export const bottomNavItemSx: SxProps<Theme> = {
  flex: 1,
  minWidth: 0,
  flexDirection: 'column',
  gap: 0.25,
  py: 0.75,
  fontSize: 12,
  lineHeight: 1.2,
  // One line each: on a 320 px phone a cell is 64 px, and 「タイムライン」 fits at 10.5 px.
  whiteSpace: 'nowrap',
  '@media (max-width: 359.95px)': { fontSize: 10.5 },
  color: 'text.secondary',
  '&[aria-current="page"]': { color: 'primary.main', fontWeight: 700 },
  '&.Mui-focusVisible': { outline: '3px solid #1565c0', outlineOffset: '-3px' },
};

/**
 * The phone's navigation (below lg, docs/product-rules.md#constants): the desktop header's
 * destinations but those a phone shows in its header (ユーザー), with the 「投稿」 trigger in the
 * middle. It stays at the bottom edge while the page scrolls.
 */
export function BottomNav({ post }: { post: ReactNode }) {
  const { pathname } = useLocation();
  const items = BOTTOM_DESTINATIONS.map(({ id, label, href, Icon, isCurrent }) => (
    <ButtonBase
      key={id}
      component={RouterLinkBase}
      to={href}
      aria-current={isCurrent(pathname) ? 'page' : undefined}
      sx={bottomNavItemSx}
    >
      <Icon aria-hidden="true" />
      <span>{label}</span>
    </ButtonBase>
  ));
  return (
    <Box
      component="nav"
      aria-label={messages.nav.bottom}
      data-testid="bottom-nav"
      sx={{
        display: { xs: 'flex', lg: 'none' },
        position: 'sticky',
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        minHeight: BOTTOM_NAV_HEIGHT_PX,
        pb: 'env(safe-area-inset-bottom)',
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        // Not quite opaque, so the browser does not treat the bar as hiding what lies under it:
        // Chromium then skips the hidden part of a map's WebGL canvas, but counts it from the
        // canvas's flipped (bottom-up) image, and a map whose foot is under the bar was left
        // unpainted along its top instead (docs/map.md#map-images).
        opacity: 0.999,
      }}
    >
      {items.slice(0, 2)}
      {post}
      {items.slice(2)}
    </Box>
  );
}
