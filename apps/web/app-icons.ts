import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp, { type Sharp } from 'sharp';
import { THEME_COLORS } from './src/lib/theme-colors';
import type { IconDrawing, IconFile } from './web-manifest';

/**
 * Draws the app's PNG icons at build time from the one SVG (web-manifest.ts says which, at which
 * sizes and how; docs/pwa.md#icons). sharp renders the SVG at each size itself, never scaling a
 * bitmap, so every size is sharp.
 */

const require = createRequire(import.meta.url);

/** The Material icon glyph width the shortcut icons take, of their side. */
const GLYPH_SHARE = 0.58;
/** Material icons are drawn on a 24 × 24 grid. */
const MATERIAL_GRID = 24;

/** The path data of a Material icon, read from @mui/icons-material (the icons the app shows). */
async function readMaterialIconPaths(name: string): Promise<string[]> {
  const file = require.resolve(`@mui/icons-material/${name}`);
  const code = await fs.readFile(file, 'utf8');
  const paths = [...code.matchAll(/\bd: "([^"]+)"/g)].map((match) => match[1] ?? '');
  if (paths.length === 0 || paths.some((path) => !/^[\d\s.,a-zA-Z-]+$/.test(path)))
    throw new Error(`No path data found in ${file}: has @mui/icons-material changed its layout?`);
  return paths;
}

/** The source SVG rendered at `size` × `size`, transparency kept. */
async function renderSource(source: Buffer, size: number): Promise<Buffer> {
  const { width } = await sharp(source).metadata();
  if (!width) throw new Error('The icon SVG has no size (viewBox or width)');
  return sharp(source, { density: (72 * size) / width })
    .resize(size, size)
    .png()
    .toBuffer();
}

function glyphSvg(paths: readonly string[], size: number): string {
  const glyph = size * GLYPH_SHARE;
  const offset = (size - glyph) / 2;
  const scale = glyph / MATERIAL_GRID;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="${THEME_COLORS.primary}"/>`,
    `<g fill="${THEME_COLORS.onColor}" transform="translate(${offset} ${offset}) scale(${scale})">`,
    ...paths.map((path) => `<path d="${path}"/>`),
    '</g></svg>',
  ].join('');
}

async function draw(drawing: IconDrawing, source: Buffer, size: number): Promise<Sharp> {
  switch (drawing.kind) {
    case 'as-is':
      return sharp(await renderSource(source, size));
    case 'full-bleed': {
      const inner = Math.round(size * drawing.scale);
      return sharp({
        create: { width: size, height: size, channels: 4, background: THEME_COLORS.primary },
      }).composite([{ input: await renderSource(source, inner), gravity: 'centre' }]);
    }
    case 'glyph':
      return sharp(Buffer.from(glyphSvg(await readMaterialIconPaths(drawing.materialIcon), size)));
  }
}

/** Every icon as PNG bytes, by file name; drawn side by side (sharp works off the main thread). */
export async function drawIcons(
  source: Buffer,
  icons: readonly IconFile[],
): Promise<Map<string, Buffer>> {
  const drawn = await Promise.all(
    icons.map(async (icon) => {
      const image = await draw(icon.drawing, source, icon.size);
      return [icon.fileName, await image.png({ compressionLevel: 9 }).toBuffer()] as const;
    }),
  );
  return new Map(drawn);
}
