import japaneseFontUrl from '@fontsource/noto-sans-jp/files/noto-sans-jp-japanese-400-normal.woff2?url';
import latinFontUrl from '@fontsource/noto-sans-jp/files/noto-sans-jp-latin-400-normal.woff2?url';
import type { FontFacesSpecification } from 'maplibre-gl';

/**
 * Map text fonts are named without quotes, so the bundled Noto Sans JP gets a
 * simple alias (docs/basemap.md). With no `glyphs` URL, MapLibre draws labels
 * from these files, then from local fonts.
 */
export const MAP_FONT = 'EkispotSans';

export const MAP_FONT_FACES: FontFacesSpecification = {
  [MAP_FONT]: [
    { url: latinFontUrl, 'unicode-range': ['U+0000-00FF', 'U+2000-206F'] },
    { url: japaneseFontUrl },
  ],
};

export const LOCAL_IDEOGRAPH_FONT_FAMILY =
  '"Noto Sans JP", "Noto Sans CJK JP", "Hiragino Sans", Meiryo, sans-serif';
