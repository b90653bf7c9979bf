import { BREAKPOINTS } from '@ekispot/shared';
import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { CSS_FONT_FAMILY } from './fonts';
import { LinkBehavior } from './link-behavior';
import { THEME_COLORS } from './theme-colors';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** Device Japanese fonts first, then the split web font (lib/fonts.ts). */
export const FONT_FAMILY = CSS_FONT_FAMILY;

/**
 * A finger needs about 44 px: on a touch screen every button and icon button is at least that
 * tall (and an icon button that wide), whatever size it is drawn at with a mouse.
 */
export const TOUCH_SCREEN = '@media (pointer: coarse)';
export const TOUCH_TARGET_PX = 44;

/** Breakpoints from docs/product-rules.md#constants; the mobile layout is below `lg`. */
export const theme: Theme = createTheme({
  breakpoints: { values: { ...BREAKPOINTS } },
  palette: {
    // Both colours reach WCAG AA contrast against white text and backgrounds.
    primary: { main: THEME_COLORS.primary, contrastText: THEME_COLORS.onColor },
    secondary: { main: THEME_COLORS.secondary, contrastText: THEME_COLORS.onColor },
    background: { default: THEME_COLORS.background },
  },
  // Japanese text has no capitals; the few latin words (GeoJSON, GPX) keep how they are spelled.
  typography: { fontFamily: FONT_FAMILY, button: { textTransform: 'none' } },
  components: {
    MuiButtonBase: { defaultProps: { LinkComponent: LinkBehavior } },
    MuiButton: { styleOverrides: { root: { [TOUCH_SCREEN]: { minHeight: TOUCH_TARGET_PX } } } },
    MuiIconButton: {
      styleOverrides: {
        root: { [TOUCH_SCREEN]: { minWidth: TOUCH_TARGET_PX, minHeight: TOUCH_TARGET_PX } },
      },
    },
    // A chip that does something (a filter, a line) is a target too; a chip that only labels is not.
    MuiChip: {
      styleOverrides: {
        root: {
          '&.MuiChip-clickable': {
            [TOUCH_SCREEN]: { height: 'auto', minHeight: TOUCH_TARGET_PX, borderRadius: 22 },
          },
        },
      },
    },
    // A small text field (the map's station search) is drawn 40 px tall: 44 for a finger.
    MuiInputBase: {
      styleOverrides: {
        root: { '&.MuiInputBase-sizeSmall': { [TOUCH_SCREEN]: { minHeight: TOUCH_TARGET_PX } } },
      },
    },
    // A checkbox or radio is 42 px and a switch 38 px tall: 44 on a touch screen, the switch's
    // track and thumb kept centred.
    MuiCheckbox: { styleOverrides: { root: { [TOUCH_SCREEN]: { padding: 10 } } } },
    MuiRadio: { styleOverrides: { root: { [TOUCH_SCREEN]: { padding: 10 } } } },
    MuiSwitch: {
      styleOverrides: {
        root: { [TOUCH_SCREEN]: { height: TOUCH_TARGET_PX, paddingTop: 15, paddingBottom: 15 } },
        switchBase: { [TOUCH_SCREEN]: { paddingTop: 12, paddingBottom: 12 } },
      },
    },
    MuiLink: { defaultProps: { component: LinkBehavior } },
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': { outline: '3px solid #1565c0', outlineOffset: '2px' },
        // Members write titles, names and URLs with nowhere to break: let them break anywhere
        // rather than widen the page (this also lets a flex or grid cell shrink below such a
        // word). Japanese text breaks between characters already.
        // Japanese lines break between phrases where the browser can tell them (Chromium), so a
        // word such as 新規登録 or a last 「ん。」 is not left alone on a line of a narrow phone;
        // headings share their lines out evenly.
        body: { overflowWrap: 'anywhere', wordBreak: 'auto-phrase', textWrap: 'pretty' },
        'h1, h2, h3, h4, h5, h6': { textWrap: 'balance' },
        // MapLibre draws its zoom buttons at 29 px: on a touch screen they are fingers' targets.
        [TOUCH_SCREEN]: {
          '.maplibregl-ctrl.maplibregl-ctrl-group button': {
            width: TOUCH_TARGET_PX,
            height: TOUCH_TARGET_PX,
          },
        },
        '.visually-hidden': {
          position: 'absolute',
          width: 1,
          height: 1,
          padding: 0,
          margin: -1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
          border: 0,
        },
      },
    },
  },
});

/** Media query for the mobile layout (below lg, docs/product-rules.md#constants). */
export const MOBILE_MEDIA_QUERY: string = theme.breakpoints.down('lg');
