import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildStampSvg, inkColour, renderStamp, type StampDesign } from './stamp-image.js';

/** The stamp image without snapshots: well-formed, named, deterministic, and the right size. */

const tokyo: StampDesign = {
  stationGroupId: 1130101,
  name: '東京',
  lineName: 'JR山手線',
  lineColor: '#80C241',
  prefectureId: 13,
  prefectureName: '東京都',
};

describe('buildStampSvg', () => {
  it('is one well-formed SVG document named after the station, with text as outlines', async () => {
    const svg = buildStampSvg(tokyo);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('<title>東京駅のスタンプ（JR山手線・東京都）</title>');
    // No <text>: every glyph is a path, so no font is needed to show it.
    expect(svg).not.toContain('<text');
    expect(svg.match(/<path /g)?.length).toBeGreaterThan(5);
    // librsvg (through sharp) parses it: a broken document would throw here.
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect(meta).toMatchObject({ format: 'svg', width: 512, height: 512 });
  });

  it('draws the same bytes for the same station and differs between stations', () => {
    expect(buildStampSvg(tokyo)).toBe(buildStampSvg({ ...tokyo }));
    expect(buildStampSvg({ ...tokyo, name: '新宿' })).not.toBe(buildStampSvg(tokyo));
  });

  it('inks in the line colour’s hue, or one per prefecture without a colour', () => {
    expect(inkColour(tokyo)).toBe('hsl(91, 70%, 32%)');
    expect(inkColour({ lineColor: '', prefectureId: 13 })).toBe(
      inkColour({ lineColor: '', prefectureId: 13 }),
    );
    expect(inkColour({ lineColor: '', prefectureId: 13 })).not.toBe(
      inkColour({ lineColor: '', prefectureId: 14 }),
    );
  });
});

describe('renderStamp', () => {
  it.each([96, 512])('renders PNG and WebP at %i px with ink on the name', async (size) => {
    const svg = buildStampSvg(tokyo);
    for (const format of ['png', 'webp'] as const) {
      const bytes = await renderStamp(svg, format, size);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format, width: size, height: size });
    }
    // The station name's band (the middle of the stamp) is inked, not empty.
    const { data, info } = await sharp(await renderStamp(svg, 'png', size))
      .extract({
        left: 0,
        top: Math.round(size * 0.4),
        width: size,
        height: Math.round(size * 0.15),
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let inked = 0;
    for (let i = 0; i < data.length; i += info.channels) if ((data[i + 3] ?? 0) > 128) inked += 1;
    expect(inked / (info.width * info.height)).toBeGreaterThan(0.05);
  });
});
