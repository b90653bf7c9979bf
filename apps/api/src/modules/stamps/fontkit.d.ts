/** The part of fontkit the stamp image uses (the package ships no types). */
declare module 'fontkit' {
  interface Path {
    scale(scaleX: number, scaleY: number): Path;
    translate(x: number, y: number): Path;
    toSVG(): string;
  }
  interface Glyph {
    id: number;
    advanceWidth: number;
    path: Path;
  }
  interface Font {
    unitsPerEm: number;
    glyphForCodePoint(codePoint: number): Glyph;
  }
  export function create(buffer: Buffer): Font;
  export type { Font, Glyph, Path };
}
