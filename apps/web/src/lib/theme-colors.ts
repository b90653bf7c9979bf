/**
 * The app's colours, in one place: the MUI theme (lib/theme.ts) paints the page with them, and
 * the build writes them into the web app manifest, the `theme-color` meta tag and the icons
 * (apps/web/web-manifest-plugin.ts). Plain data, so the build can read it without loading MUI.
 */
export const THEME_COLORS = {
  /** The header, buttons, the app icon's background and the browser's bar around the app. */
  primary: '#1b5e20',
  secondary: '#b71c1c',
  /** Behind the content; the installed app's launch screen too. */
  background: '#f7f8f6',
  /** Text and glyphs on the two colours above. */
  onColor: '#ffffff',
} as const;
