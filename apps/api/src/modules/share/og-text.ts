import { measureText, outlineText } from '../stamps/stamps.service.js';

/**
 * Text of the link-preview cards (docs/seo.md#link-preview-images) as outlines of the stamp's
 * font: no font is looked up when the SVG is rendered, so a card is the same on every machine.
 */

export const ELLIPSIS = '…';

/** Marks a Japanese line never starts with. */
const NO_LINE_START =
  /^[、。，．,.)）」』】〕〉》!！?？:：;；ー〜…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ・]$/u;

/** One line shrunk to fit `maxWidth` down to `minSize`, then cut with an ellipsis. */
export function fitLine(text: string, size: number, maxWidth: number, minSize = size) {
  const width = measureText(text, size);
  const fontSize = width > maxWidth ? Math.max(minSize, (size * maxWidth) / width) : size;
  return { text: cutToWidth(text, fontSize, maxWidth), size: fontSize };
}

/** The text, or as much of it as fits with an ellipsis. */
function cutToWidth(text: string, size: number, maxWidth: number): string {
  if (measureText(text, size) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && measureText(`${chars.join('')}${ELLIPSIS}`, size) > maxWidth) {
    chars.pop();
  }
  return `${chars.join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * Lines of at most `maxWidth`, at most `maxLines` of them (the last cut with an ellipsis).
 * Japanese breaks between any two characters; a latin word is kept whole where it fits a line.
 */
export function wrapLines(
  text: string,
  size: number,
  maxWidth: number,
  maxLines: number,
): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  const lines: string[] = [];
  let rest = [...flat];
  while (rest.length > 0 && lines.length < maxLines) {
    let end = 0;
    while (end < rest.length && measureText(rest.slice(0, end + 1).join(''), size) <= maxWidth) {
      end += 1;
    }
    if (end === rest.length || lines.length === maxLines - 1) {
      lines.push(cutToWidth(rest.join(''), size, maxWidth));
      break;
    }
    // No line starts with a closing mark (禁則): its character before goes down with it.
    while (end > 1 && NO_LINE_START.test(rest[end] ?? '')) end -= 1;
    // Inside a latin word: go back to the last space, when the line has one.
    const splitsWord =
      /[A-Za-z0-9]/.test(rest[end - 1] ?? '') && /[A-Za-z0-9]/.test(rest[end] ?? '');
    const space = splitsWord ? rest.slice(0, end).lastIndexOf(' ') : -1;
    const cut = space > 0 ? space : Math.max(1, end);
    lines.push(rest.slice(0, cut).join('').trimEnd());
    rest = rest.slice(cut);
    while (rest[0] === ' ') rest = rest.slice(1);
  }
  return lines;
}

export type Anchor = 'start' | 'middle' | 'end';

/** One line as a filled path with its baseline at `y`, placed by `anchor` at `x`. */
export function textPath(
  text: string,
  size: number,
  x: number,
  y: number,
  fill: string,
  anchor: Anchor = 'start',
): string {
  const outlined = outlineText(text, size);
  const left =
    anchor === 'start' ? x : anchor === 'middle' ? x - outlined.width / 2 : x - outlined.width;
  return `<path transform="translate(${left.toFixed(1)} ${y.toFixed(1)})" fill="${fill}" d="${outlined.d}"/>`;
}

export function widthOf(text: string, size: number): number {
  return measureText(text, size);
}
