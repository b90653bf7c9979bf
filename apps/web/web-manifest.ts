import { webManifestMessages } from './src/config/messages/install';
import { paths } from './src/config/paths';
import { THEME_COLORS } from './src/lib/theme-colors';

/**
 * What the web app manifest says (docs/pwa.md#the-manifest), and the icons it names: the build
 * draws them (app-icons.ts) and writes the manifest (web-manifest-plugin.ts).
 */

export const WEB_MANIFEST_FILE = 'manifest.webmanifest';

/** The one drawing every icon comes from, in public/: the favicon the browser tab shows. */
export const ICON_SOURCE_FILE = 'favicon.svg';

/**
 * Where the installed app opens. The query tells a launch from the home screen apart in the
 * server's request log; the top page ignores it (it opens on the country view).
 */
export const START_URL = '/?source=pwa';

/**
 * How an icon is drawn from the source:
 * - `as-is`: the drawing itself, rounded corners and all (icons for any purpose);
 * - `full-bleed`: on a square of the theme colour, the drawing scaled to `scale` of the side, so
 *   that a maskable icon's glyph stays inside the middle circle of 80 % a launcher's mask keeps,
 *   and iOS, which rounds corners itself, gets no transparent ones;
 * - `glyph`: a Material icon the app's navigation shows (@mui/icons-material), white on a circle
 *   of the theme colour, for the shortcuts.
 */
export type IconDrawing =
  | { kind: 'as-is' }
  | { kind: 'full-bleed'; scale: number }
  | { kind: 'glyph'; materialIcon: string };

export interface IconFile {
  /** Inside the build's output (dist/). */
  fileName: string;
  /** Width and height in pixels. */
  size: number;
  drawing: IconDrawing;
}

/**
 * The favicon's glyph reaches 75 % of the way from the middle to an edge: drawn at 80 % it stays
 * at 60 %, well inside the 80 % a mask keeps (web-manifest-plugin.test.ts measures it).
 */
export const MASKABLE_SCALE = 0.8;

export const APP_ICONS: readonly (IconFile & { purpose: 'any' | 'maskable' })[] = [
  { fileName: 'icons/icon-192.png', size: 192, drawing: { kind: 'as-is' }, purpose: 'any' },
  { fileName: 'icons/icon-512.png', size: 512, drawing: { kind: 'as-is' }, purpose: 'any' },
  ...[192, 512].map((size) => ({
    fileName: `icons/maskable-${size}.png`,
    size,
    drawing: { kind: 'full-bleed', scale: MASKABLE_SCALE } as const,
    purpose: 'maskable' as const,
  })),
];

/** iOS takes the home screen icon from `<link rel="apple-touch-icon">`, not the manifest. */
export const APPLE_TOUCH_ICON: IconFile = {
  fileName: 'icons/apple-touch-icon.png',
  size: 180,
  drawing: { kind: 'full-bleed', scale: 0.9 },
};

const SHORTCUT_ICON_SIZE = 96;
const shortcutTexts = webManifestMessages.shortcuts;

/** What a long press on the installed app's icon offers, each with the icon its menu shows. */
export const SHORTCUTS = [
  { id: 'map', url: paths.home.href(), materialIcon: 'Map' },
  // A spot is placed on the map in its form; events and photos first ask for a station.
  { id: 'post', url: paths.postCreateSpot.href(), materialIcon: 'Add' },
  { id: 'notifications', url: paths.notifications.href(), materialIcon: 'Notifications' },
  { id: 'stamps', url: paths.stampBook.href(), materialIcon: 'Verified' },
] as const satisfies readonly {
  id: keyof typeof shortcutTexts;
  url: string;
  materialIcon: string;
}[];

function shortcutIcon(shortcut: (typeof SHORTCUTS)[number]): IconFile {
  return {
    fileName: `icons/shortcut-${shortcut.id}.png`,
    size: SHORTCUT_ICON_SIZE,
    drawing: { kind: 'glyph', materialIcon: shortcut.materialIcon },
  };
}

export const SHORTCUT_ICONS: readonly IconFile[] = SHORTCUTS.map(shortcutIcon);

/** Every PNG the build draws. */
export const ICON_FILES: readonly IconFile[] = [...APP_ICONS, APPLE_TOUCH_ICON, ...SHORTCUT_ICONS];

/**
 * Screenshots the browser's install sheet shows, committed in public/ (how they were taken:
 * docs/pwa.md#screenshots); the build reads their sizes.
 */
export const SCREENSHOTS = [
  { fileName: 'screenshots/map-narrow.png', formFactor: 'narrow' },
  { fileName: 'screenshots/map-wide.png', formFactor: 'wide' },
] as const;

export interface Screenshot {
  fileName: string;
  formFactor: 'narrow' | 'wide';
  width: number;
  height: number;
}

interface ManifestImage {
  src: string;
  sizes: string;
  type: 'image/png';
}

/** The members of the manifest the app sets, with the manifest's own (snake_case) names. */
export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  categories: string[];
  icons: (ManifestImage & { purpose: 'any' | 'maskable' })[];
  shortcuts: { name: string; description: string; url: string; icons: ManifestImage[] }[];
  screenshots: (ManifestImage & { form_factor: 'narrow' | 'wide'; label: string })[];
}

const image = (fileName: string, width: number, height = width): ManifestImage => ({
  src: `/${fileName}`,
  sizes: `${width}x${height}`,
  type: 'image/png',
});

export function buildWebManifest(screenshots: readonly Screenshot[]): WebAppManifest {
  const text = webManifestMessages;
  return {
    // The app's identity for the browser: stays the same if start_url ever changes.
    id: '/',
    name: text.name,
    short_name: text.shortName,
    description: text.description,
    lang: 'ja',
    dir: 'ltr',
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    background_color: THEME_COLORS.background,
    theme_color: THEME_COLORS.primary,
    categories: ['travel', 'navigation', 'social'],
    icons: APP_ICONS.map((icon) => ({ ...image(icon.fileName, icon.size), purpose: icon.purpose })),
    shortcuts: SHORTCUTS.map((shortcut) => ({
      name: shortcutTexts[shortcut.id].name,
      description: shortcutTexts[shortcut.id].description,
      url: shortcut.url,
      icons: [image(shortcutIcon(shortcut).fileName, SHORTCUT_ICON_SIZE)],
    })),
    screenshots: screenshots.map((shot) => ({
      ...image(shot.fileName, shot.width, shot.height),
      form_factor: shot.formFactor,
      label: text.screenshots[shot.formFactor],
    })),
  };
}
