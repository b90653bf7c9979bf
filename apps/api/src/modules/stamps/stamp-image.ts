import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { StampImageFormat } from '@ekispot/shared';
import { measureText, outlineText } from './stamp-font.js';

/**
 * The 駅スタンプ image (docs/stamps.md#the-stamp-image): a round rubber stamp in one ink colour
 * (the line's colour where the data has one, else one picked by prefecture, darkened to read as
 * ink), with the line name, the station name large, a motif and the prefecture. Everything is
 * derived from the station alone, so the same station always gives the same bytes. The date is
 * printed by the client over it.
 */

export interface StampDesign {
  stationGroupId: number;
  name: string;
  lineName: string;
  prefectureId: number;
  prefectureName: string;
  /** `#rrggbb` of the line, or '' when unknown. */
  lineColor: string;
}

const SIZE = 512;
const CENTRE = SIZE / 2;

function hueOf(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return null;
  const value = parseInt(match[1], 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) => c / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return null; // grey: no hue to keep
  const d = max - min;
  const hue = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return Math.round((hue * 60 + 360) % 360);
}

/** An ink colour: the line's hue (or one per prefecture), dark and saturated enough to read. */
export function inkColour(design: Pick<StampDesign, 'lineColor' | 'prefectureId'>): string {
  const hue = hueOf(design.lineColor) ?? (design.prefectureId * 137) % 360;
  return `hsl(${hue}, 70%, 32%)`;
}

/** A small deterministic number from the station id (picks the motif). */
function seedOf(id: number): number {
  return createHash('sha256').update(String(id)).digest()[0] ?? 0;
}

const MOTIFS = [
  // 山 (mountains)
  'M-90 30 L-40 -30 L-10 5 L30 -45 L90 30 Z',
  // 波 (waves)
  'M-90 0 q22.5 -30 45 0 t45 0 t45 0 t45 0 M-90 28 q22.5 -30 45 0 t45 0 t45 0 t45 0',
  // 電車 (a train's face)
  'M-60 35 L-60 -25 Q-60 -45 -40 -45 L40 -45 Q60 -45 60 -25 L60 35 Z M-42 -30 L42 -30 L42 0 L-42 0 Z M-35 18 a7 7 0 1 0 14 0 a7 7 0 1 0 -14 0 M21 18 a7 7 0 1 0 14 0 a7 7 0 1 0 -14 0',
  // 太陽 (the sun over a horizon)
  'M-90 30 L90 30 M-40 30 A40 40 0 0 1 40 30 M0 -40 L0 -25 M-45 -20 L-34 -10 M45 -20 L34 -10',
] as const;

/** Text fitted into a width: the given size, or smaller for long names. */
function fitted(text: string, size: number, maxWidth: number) {
  const width = measureText(text, size);
  const fontSize = width > maxWidth ? (size * maxWidth) / width : size;
  return outlineText(text, fontSize);
}

function centredText(text: string, size: number, maxWidth: number, baseline: number, ink: string) {
  const outlined = fitted(text, size, maxWidth);
  const x = (CENTRE - outlined.width / 2).toFixed(1);
  return `<path transform="translate(${x} ${baseline})" fill="${ink}" d="${outlined.d}"/>`;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function buildStampSvg(design: StampDesign): string {
  const ink = inkColour(design);
  const motif = MOTIFS[seedOf(design.stationGroupId) % MOTIFS.length];
  const title = `${design.name}駅のスタンプ（${design.lineName}・${design.prefectureName}）`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<circle cx="${CENTRE}" cy="${CENTRE}" r="240" fill="none" stroke="${ink}" stroke-width="16"/>`,
    `<circle cx="${CENTRE}" cy="${CENTRE}" r="218" fill="none" stroke="${ink}" stroke-width="4"/>`,
    centredText(design.lineName, 38, 300, 138, ink),
    `<path d="M96 160 H416" stroke="${ink}" stroke-width="5"/>`,
    centredText(design.name, 120, 350, 272, ink),
    centredText('駅', 34, 60, 324, ink),
    `<path transform="translate(${CENTRE} 370) scale(0.8)" d="${motif}" fill="none" stroke="${ink}" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"/>`,
    `<path d="M136 408 H376 V448 H136 Z" fill="${ink}"/>`,
    centredText(design.prefectureName, 30, 220, 440, '#fff'),
    '</svg>',
  ].join('');
}

/** The SVG rendered to a square PNG or WebP of `size` pixels (previews, share cards). */
export async function renderStamp(
  svg: string,
  format: Exclude<StampImageFormat, 'svg'>,
  size: number,
): Promise<Buffer> {
  const image = sharp(Buffer.from(svg), { density: (72 * size) / SIZE }).resize(size, size);
  return format === 'png'
    ? image.png({ compressionLevel: 9 }).toBuffer()
    : image.webp({ quality: 90 }).toBuffer();
}
