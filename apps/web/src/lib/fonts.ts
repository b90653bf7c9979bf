/**
 * Japanese text uses the device's own fonts first (docs/basemap.md#fonts): macOS and iOS
 * (Hiragino), Windows (Yu Gothic, Meiryo), Android and Linux (Noto Sans CJK JP). Noto Sans JP
 * comes last: it is the web font the app ships, split by `unicode-range` so that a device
 * lacking Japanese fonts downloads only the glyph ranges a page shows, and one that has them
 * downloads nothing.
 */
export const DEVICE_JAPANESE_FONT_NAMES = [
  'Hiragino Sans',
  'Hiragino Kaku Gothic ProN',
  'Yu Gothic UI',
  'Yu Gothic',
  'YuGothic',
  'Meiryo',
  'Noto Sans CJK JP',
] as const;

/** The app's own web font (main.tsx), after the device's. */
export const WEB_FONT_NAME = 'Noto Sans JP';

/** The names as a CSS `font-family` value. */
export const CSS_FONT_FAMILY = [
  ...[...DEVICE_JAPANESE_FONT_NAMES, WEB_FONT_NAME].map((name) => `"${name}"`),
  'system-ui',
  'sans-serif',
].join(', ');
