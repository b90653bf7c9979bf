/**
 * Japanese text uses the device's own fonts (docs/basemap.md#fonts): macOS and iOS (Hiragino),
 * Windows (Yu Gothic, Meiryo), Android, ChromeOS and Linux (Noto Sans CJK JP). The app ships no
 * web font: every system a visitor uses has one of these.
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

/** The names as a CSS `font-family` value. */
export const CSS_FONT_FAMILY = [
  ...DEVICE_JAPANESE_FONT_NAMES.map((name) => `"${name}"`),
  'system-ui',
  'sans-serif',
].join(', ');
