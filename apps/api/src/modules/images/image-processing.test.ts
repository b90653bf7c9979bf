import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  expectHttpError,
  expectNoMetadata,
} from '../../../test/fixtures/images/image-assertions.js';
import {
  decompressionBombPng,
  FIXTURE_GPS,
  jpegWithGps,
  readGpsFromExif,
  solidPng,
  twoFrameGif,
} from '../../../test/fixtures/images/image-fixtures.js';
import { IMAGE_MESSAGES, processUpload } from './image-processing.js';

describe('processUpload', () => {
  it('strips EXIF and GPS, applies the orientation, and re-encodes to WebP', async () => {
    const input = await jpegWithGps(600, 200, 6);
    const inputMeta = await sharp(input).metadata();
    expect(readGpsFromExif(inputMeta.exif)).toEqual({
      lat: [...FIXTURE_GPS.lat],
      lng: [...FIXTURE_GPS.lng],
    });
    expect(inputMeta.orientation).toBe(6);

    const result = await processUpload(input);
    expect(result.sourceType).toBe('jpeg');
    for (const variant of [result.full, result.thumb]) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expectNoMetadata(variant.bytes);
    }
    // Orientation 6 turns the 600×200 landscape into an upright 200×600 portrait.
    expect(result.full).toMatchObject({ width: 200, height: 600 });
    expect(result.thumb).toMatchObject({ width: 160, height: 480 });
  });

  it('bounds the long side to 2048 px (full) and 480 px (thumb), keeping the aspect ratio', async () => {
    const result = await processUpload(await solidPng(4000, 3000));
    expect(result.full).toMatchObject({ width: 2048, height: 1536 });
    expect(result.thumb).toMatchObject({ width: 480, height: 360 });
    const meta = await sharp(result.full.bytes).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([2048, 1536, true]);
  });

  it('never enlarges small images', async () => {
    const result = await processUpload(await solidPng(100, 50));
    expect(result.full).toMatchObject({ width: 100, height: 50 });
    expect(result.thumb).toMatchObject({ width: 100, height: 50 });
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const result = await processUpload(await twoFrameGif());
    expect(result.sourceType).toBe('gif');
    const meta = await sharp(result.full.bytes).metadata();
    expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([64, 48, 1]);
    const { data } = await sharp(result.full.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red, the first frame
  });

  it('detects the type from the bytes: a PNG is a PNG whatever it is called', async () => {
    const result = await processUpload(await solidPng(40, 30));
    expect(result.sourceType).toBe('png');
  });

  it('accepts WebP and AVIF input', async () => {
    const webp = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0f0' } })
      .webp()
      .toBuffer();
    expect((await processUpload(webp)).sourceType).toBe('webp');
    const avif = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0f0' } })
      .avif()
      .toBuffer();
    expect((await processUpload(avif)).sourceType).toBe('avif');
  });

  it('refuses text, SVG and TIFF with 415 and the Japanese message', async () => {
    await expectHttpError(
      processUpload(Buffer.from('hello, not an image')),
      415,
      IMAGE_MESSAGES.unsupported,
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expectHttpError(processUpload(svg), 415);
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    await expectHttpError(processUpload(tiff), 415);
  });

  it('refuses a file over the size limit with 413', async () => {
    const png = await solidPng(200, 200);
    await expectHttpError(processUpload(png, { maxBytes: png.length - 1 }), 413);
    expect(IMAGE_MESSAGES.tooLarge(20 * 1024 * 1024)).toContain('20MB以下');
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = await decompressionBombPng();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    await expectHttpError(processUpload(bomb), 413, IMAGE_MESSAGES.tooManyPixels);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a corrupt image with 422', async () => {
    const png = await solidPng(50, 50);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 0x41)]);
    await expectHttpError(processUpload(broken), 422, IMAGE_MESSAGES.corrupt);
    await expectHttpError(processUpload(Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01])), 422);
  });
});
