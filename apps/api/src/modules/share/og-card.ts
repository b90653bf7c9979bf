import { sketchPlaces } from '@ekispot/shared';
import { numberedMarks } from './map-drawing.js';
import { fitLine, textPath, widthOf, wrapLines } from './og-text.js';

/**
 * The link-preview cards as SVG, 1200×630 (docs/seo.md#link-preview-images). Pure: the same
 * data gives the same document. The station's stamp and a post's photo are laid in by the
 * service (og-image.service.ts); these draw everything else.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const SITE = 'えきスポ';
const BRAND = '#1b5e20';
const PAPER = '#fbf8f1';
const INK = '#2b2620';
const MUTED = '#6b6259';

const open = (background: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">` +
  (background ? `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${background}"/>` : '');

/** The site's name in a green pill, its right edge at `right`. */
function brand(right: number, top: number, size = 34): string {
  const width = widthOf(SITE, size) + size * 1.2;
  const height = size * 1.7;
  return (
    `<rect x="${right - width}" y="${top}" width="${width.toFixed(1)}" height="${height}" rx="${height / 2}" fill="${BRAND}"/>` +
    textPath(SITE, size, right - width / 2, top + height / 2 + size * 0.36, '#fff', 'middle')
  );
}

const HEX = /^#?([0-9a-f]{6})$/i;
const colourOr = (hex: string, fallback: string) => {
  const match = HEX.exec(hex);
  return match ? `#${match[1]}` : fallback;
};

export interface StationCard {
  name: string;
  reading: string;
  prefectureName: string;
  closed: boolean;
  lines: { name: string; color: string }[];
  /** The stamp's ink, for the band along the top. */
  ink: string;
}

const CHIP = { size: 24, height: 46, gap: 12, padding: 58 };

/** Where chips of these widths go in rows of `width`: [left, row] each, or null past the rows. */
function flow(widths: number[], width: number, rows: number): [number, number][] | null {
  const places: [number, number][] = [];
  let row = 0;
  let cursor = 0;
  for (const w of widths) {
    if (cursor > 0 && cursor + w > width) {
      row += 1;
      cursor = 0;
    }
    if (row >= rows) return null;
    places.push([cursor, row]);
    cursor += w + CHIP.gap;
  }
  return places;
}

/** Line chips in `rows` rows: as many lines as fit with 「ほかN路線」 after them. */
function lineChips(
  lines: StationCard['lines'],
  x: number,
  y: number,
  width: number,
  rows: number,
): string {
  const names = lines.map((line) => fitLine(line.name, CHIP.size, width - CHIP.padding).text);
  const chipWidth = (name: string) => widthOf(name, CHIP.size) + CHIP.padding;
  for (let shown = names.length; shown >= 0; shown -= 1) {
    const more = names.length - shown;
    const label = more > 0 ? `ほか${more}路線` : '';
    const widths = names.slice(0, shown).map(chipWidth);
    const places = flow(label ? [...widths, widthOf(label, CHIP.size)] : widths, width, rows);
    if (!places) continue;
    const parts = places.map(([left, row], index) => {
      const top = y + row * (CHIP.height + CHIP.gap);
      const name = names[index];
      const line = lines[index];
      if (index >= shown || name === undefined || line === undefined) {
        return textPath(label, CHIP.size, x + left + 4, top + 32, MUTED);
      }
      return (
        `<rect x="${(x + left).toFixed(1)}" y="${top}" width="${chipWidth(name).toFixed(1)}" height="${CHIP.height}" rx="${CHIP.height / 2}" fill="#fff" stroke="#d9d2c5" stroke-width="2"/>` +
        `<circle cx="${(x + left + 24).toFixed(1)}" cy="${top + CHIP.height / 2}" r="10" fill="${colourOr(line.color, '#9e9e9e')}"/>` +
        textPath(name, CHIP.size, x + left + 44, top + 32, INK)
      );
    });
    return parts.join('');
  }
  return '';
}

/** The station's card; the stamp goes on the left, over the space kept for it. */
export function buildStationCardSvg(card: StationCard): string {
  const x = 570;
  const width = 570;
  const suffixSize = 60;
  const room = width - widthOf('駅', suffixSize) - 8;
  // A long name shrinks to 72 px on one line, else takes two lines of 64 px.
  const single = fitLine(card.name, 128, room, 72);
  const names =
    single.text === card.name
      ? [{ text: single.text, size: single.size, y: 262 }]
      : wrapLines(card.name, 64, room, 2).map((text, index) => ({
          text,
          size: 64,
          y: 206 + index * 74,
        }));
  const last = names[names.length - 1] ?? { text: '', size: 64, y: 262 };
  const below = last.y - 262;
  const reading = card.reading ? fitLine(card.reading, 34, width, 24) : null;
  const prefecture = card.closed ? `${card.prefectureName}・廃駅` : card.prefectureName;
  return [
    open(PAPER),
    `<rect width="${CARD_WIDTH}" height="16" fill="${card.ink}"/>`,
    textPath(prefecture, 30, x, 132, MUTED),
    ...names.map((name) => textPath(name.text, name.size, x, name.y, INK)),
    textPath('駅', suffixSize, x + widthOf(last.text, last.size) + 8, last.y, INK),
    reading ? textPath(reading.text, reading.size, x, 318 + below, MUTED) : '',
    lineChips(card.lines, x, 366 + below, width, names.length > 1 ? 2 : 3),
    brand(1140, 540),
    '</svg>',
  ].join('');
}

export interface PostCard {
  title: string;
  kindLabel: string;
  kind: 'spot' | 'event' | 'image';
  /** 「東京駅」, a date, … shown under the title. */
  meta: string;
}

/** Over a photo: a dark band from the bottom, the title in white on it. */
export function buildPhotoOverlaySvg(card: PostCard): string {
  const lines = wrapLines(card.title, 60, 1080, 2);
  const titleTop = 548 - (lines.length - 1) * 74;
  return [
    open(''),
    '<defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">',
    '<stop offset="0" stop-color="#000" stop-opacity="0"/>',
    '<stop offset="0.45" stop-color="#000" stop-opacity="0.55"/>',
    '<stop offset="1" stop-color="#000" stop-opacity="0.85"/>',
    '</linearGradient></defs>',
    `<rect y="${titleTop - 170}" width="${CARD_WIDTH}" height="${CARD_HEIGHT - titleTop + 170}" fill="url(#shade)"/>`,
    ...lines.map((line, index) => textPath(line, 60, 60, titleTop + index * 74, '#fff')),
    textPath(fitLine(`${card.kindLabel}・${card.meta}`, 30, 1080).text, 30, 60, 598, '#e8e8e8'),
    brand(1160, 36),
    '</svg>',
  ].join('');
}

const KIND_COLOURS: Record<PostCard['kind'], { tint: string; strong: string }> = {
  spot: { tint: '#eef6ee', strong: '#2e7d32' },
  event: { tint: '#fdf1e6', strong: '#c25400' },
  image: { tint: '#ecf2fa', strong: '#1565c0' },
};

/** A post with no photo: its kind, the title large, where, on a tint of the kind's colour. */
export function buildPostCardSvg(card: PostCard): string {
  const colours = KIND_COLOURS[card.kind];
  const lines = wrapLines(card.title, 76, 1060, 3);
  const labelWidth = widthOf(card.kindLabel, 30) + 48;
  return [
    open(colours.tint),
    `<rect width="24" height="${CARD_HEIGHT}" fill="${colours.strong}"/>`,
    `<rect x="70" y="70" width="${labelWidth.toFixed(1)}" height="56" rx="28" fill="${colours.strong}"/>`,
    textPath(card.kindLabel, 30, 70 + labelWidth / 2, 109, '#fff', 'middle'),
    ...lines.map((line, index) => textPath(line, 76, 70, 240 + index * 96, INK)),
    textPath(fitLine(card.meta, 36, 700).text, 36, 70, 578, MUTED),
    brand(1140, 530),
    '</svg>',
  ].join('');
}

export interface ListCard {
  title: string;
  ownerName: string;
  itemCount: number;
  /** The items' places in the list's order (items without one are left out). */
  points: { lat: number; lng: number }[];
}

const MAP = { x: 40, y: 40, width: 560, height: 550 };

/** The points on a plain panel, joined in order: a sketch of the route, not a map. */
function listMap(points: ListCard['points']): string {
  const grid = [];
  for (let offset = 70; offset < MAP.width; offset += 70) {
    grid.push(`M${MAP.x + offset} ${MAP.y}V${MAP.y + MAP.height}`);
  }
  for (let offset = 70; offset < MAP.height; offset += 70) {
    grid.push(`M${MAP.x} ${MAP.y + offset}H${MAP.x + MAP.width}`);
  }
  const parts = [
    `<rect x="${MAP.x}" y="${MAP.y}" width="${MAP.width}" height="${MAP.height}" rx="28" fill="#e8eff2"/>`,
    `<path d="${grid.join('')}" stroke="#d5e0e5" stroke-width="2"/>`,
  ];
  if (points.length === 0) {
    parts.push(
      textPath('地図に置ける項目がありません', 26, MAP.x + MAP.width / 2, 322, MUTED, 'middle'),
    );
    return parts.join('');
  }
  const screen = sketchPlaces(points, { ...MAP, pad: 60 });
  if (screen.length > 1) {
    const d = screen.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`);
    parts.push(
      `<path d="${d.join(' ')}" fill="none" stroke="${BRAND}" stroke-opacity="0.55" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>`,
    );
  }
  parts.push(numberedMarks(screen));
  return parts.join('');
}

export function buildListCardSvg(card: ListCard): string {
  const x = 650;
  const width = 500;
  const lines = wrapLines(card.title, 54, width, 3);
  const owner = fitLine(`${card.ownerName}さんのリスト`, 30, width).text;
  return [
    open(PAPER),
    listMap(card.points),
    textPath('リスト', 28, x, 96, BRAND),
    ...lines.map((line, index) => textPath(line, 54, x, 176 + index * 70, INK)),
    textPath(`${card.itemCount}件`, 40, x, 176 + lines.length * 70 + 24, INK),
    textPath(owner, 30, x, 500, MUTED),
    brand(1150, 530),
    '</svg>',
  ].join('');
}
