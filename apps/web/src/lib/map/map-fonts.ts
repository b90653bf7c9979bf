import { DEVICE_JAPANESE_FONT_NAMES } from '../fonts';

/**
 * Map labels are drawn by the browser from the device's fonts (docs/basemap.md#fonts): the
 * style has no glyph server and declares no font files, and the names leave out the app's web
 * font (MapLibre asks `document.fonts` to load every family it names, which would download it),
 * so a first visit downloads no font for the map. MapLibre hands the `text-font` names to the
 * canvas as one CSS family list.
 */
export const MAP_TEXT_FONT: string[] = [...DEVICE_JAPANESE_FONT_NAMES];

/** What MapLibre draws CJK characters with where a layer names no font of its own. */
export const LOCAL_IDEOGRAPH_FONT_FAMILY = `${DEVICE_JAPANESE_FONT_NAMES.map((name) => `"${name}"`).join(', ')}, sans-serif`;
