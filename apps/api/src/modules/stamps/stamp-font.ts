import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type { Font, Glyph } from 'fontkit';

/**
 * Text of the stamp image drawn as outlines (docs/stamps.md#the-stamp-image), so the image looks
 * the same on every device and in every renderer, with no font to install. The glyphs come from
 * Noto Sans JP Bold (SIL Open Font License 1.1, which allows bundling) as packaged by
 * `@fontsource/noto-sans-jp`: split by Unicode range into ~120 small files, of which only those
 * holding the characters asked for are read, once.
 */

interface Subset {
  file: string;
  ranges: [number, number][];
}

const require = createRequire(import.meta.url);
const cssPath = require.resolve('@fontsource/noto-sans-jp/700.css');

function readSubsets(): Subset[] {
  const css = fs.readFileSync(cssPath, 'utf8');
  const subsets: Subset[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /url\(\.\/(files\/[^)]+\.woff)\) format\('woff'\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(',').map((part): [number, number] => {
      const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
      const start = parseInt(from ?? '0', 16);
      return [start, to ? parseInt(to, 16) : start];
    });
    subsets.push({ file: path.join(path.dirname(cssPath), file), ranges });
  }
  return subsets;
}

let subsets: Subset[] | null = null;
const fonts = new Map<string, Font>();

function fontFor(codePoint: number): Font | null {
  subsets ??= readSubsets();
  const subset = subsets.find((candidate) =>
    candidate.ranges.some(([from, to]) => codePoint >= from && codePoint <= to),
  );
  if (!subset) return null;
  let font = fonts.get(subset.file);
  if (!font) {
    font = fontkit.create(fs.readFileSync(subset.file));
    fonts.set(subset.file, font);
  }
  return font;
}

export interface OutlinedText {
  /** SVG path data of the whole line, its baseline starting at (0, 0). */
  d: string;
  width: number;
}

/** The glyphs of a line with their fonts; characters the font lacks are left out. */
function glyphsOf(text: string): { glyph: Glyph; font: Font }[] {
  const glyphs: { glyph: Glyph; font: Font }[] = [];
  for (const char of text) {
    const font = fontFor(char.codePointAt(0) ?? 0);
    if (!font) continue;
    const glyph = font.glyphForCodePoint(char.codePointAt(0) ?? 0);
    if (glyph.id !== 0) glyphs.push({ glyph, font });
  }
  return glyphs;
}

/** Path data rounded to 0.1 px: plenty at 512 px, and a third of the size. */
const rounded = (d: string) =>
  d.replace(/-?\d+\.\d+/g, (n) => String(Math.round(Number(n) * 10) / 10));

/** One line of text as a path, at the given size. */
export function outlineText(text: string, fontSize: number): OutlinedText {
  let x = 0;
  const parts: string[] = [];
  for (const { glyph, font } of glyphsOf(text)) {
    const scale = fontSize / font.unitsPerEm;
    // Font units point up; SVG's y axis points down.
    parts.push(rounded(glyph.path.scale(scale, -scale).translate(x, 0).toSVG()));
    x += glyph.advanceWidth * scale;
  }
  return { d: parts.join(''), width: x };
}

/** Width of a line at the given size, without drawing it. */
export function measureText(text: string, fontSize: number): number {
  return glyphsOf(text).reduce(
    (width, { glyph, font }) => width + (glyph.advanceWidth * fontSize) / font.unitsPerEm,
    0,
  );
}
