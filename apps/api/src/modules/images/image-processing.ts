import fs from 'node:fs/promises';
import { IMAGE_MEDIUM_MAX_SIDE } from '@ekispot/shared';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../../lib/http-error.js';
import { createWorkQueue } from '../../lib/work-queue.js';

/**
 * Memory under a burst of uploads: images are decoded IMAGES_DECODED_AT_ONCE at a time in
 * this process, each on one libvips thread, and libvips keeps no cache of decoded images.
 * Uploads wait on disk meanwhile (lib/multipart.ts), so a burst costs disk, not memory.
 */
export const IMAGES_DECODED_AT_ONCE = 2;
sharp.cache(false);
sharp.concurrency(1);
const decodeQueue = createWorkQueue(IMAGES_DECODED_AT_ONCE);

/** An upload: bytes in memory, or a file on disk (how uploads arrive). */
export type ImageSource = Buffer | { path: string; size: number };

async function headOf(source: ImageSource): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source.subarray(0, 32);
  const handle = await fs.open(source.path, 'r');
  try {
    const head = Buffer.alloc(32);
    const { bytesRead } = await handle.read(head, 0, 32, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Bounds on the long side of the re-encoded images. */
export const DISPLAY_MAX_SIDE = 2048;
export const THUMB_MAX_SIDE = 480;
/** Decoding is refused above this many pixels: a small file can declare a huge canvas. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const DEFAULT_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

const WEBP_QUALITY = 82;
const THUMB_QUALITY = 75;

export const IMAGE_MESSAGES = {
  unsupported: '対応していない画像形式です。JPEG・PNG・WebP・GIF・AVIFの画像を選んでください。',
  tooLarge: (maxBytes: number) =>
    `画像のファイルサイズが大きすぎます。${formatMegabytes(maxBytes)}MB以下の画像を選んでください。`,
  tooManyPixels: '画像の解像度が大きすぎます。5000万画素以下の画像を選んでください。',
  corrupt:
    '画像を読み込めませんでした。ファイルが壊れていないか確認して、別の画像を選んでください。',
  empty: '画像ファイルが空です。別の画像を選んでください。',
} as const;

function formatMegabytes(bytes: number): string {
  return String(Math.floor((bytes / (1024 * 1024)) * 10) / 10);
}

export type SniffedType = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heic';

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/**
 * The type from the file's magic number, never its name or the client's Content-Type.
 * Anything else (SVG, TIFF, PDF, text…) never reaches the decoder at all, which keeps
 * libvips' less-hardened loaders out of reach of uploads.
 */
export function sniffImageType(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a'))
    return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand))
      return 'heic';
  }
  return null;
}

export interface ProcessedVariant {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  sourceType: SniffedType;
  mimeType: 'image/webp';
  full: ProcessedVariant;
  thumb: ProcessedVariant;
}

/** libvips reports an unreadable file in many words; all of them mean "corrupt" to the user. */
function decodeFailure(error: unknown, type: SniffedType): HttpError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message))
    return new HttpError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooManyPixels);
  // This libvips build reads AVIF but not HEVC-coded HEIC; that is a format we cannot take.
  if (
    type === 'heic' &&
    /compression format|not (been )?built|unsupported|no decoder/i.test(message)
  ) {
    return new HttpError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unsupported);
  }
  return new HttpError('VALIDATION_FAILED', IMAGE_MESSAGES.corrupt);
}

function decoder(source: ImageSource) {
  // failOn 'error' (not the default 'warning'): phone JPEGs often carry harmless warnings
  // such as trailing bytes, and refusing them would refuse real photos.
  return sharp(Buffer.isBuffer(source) ? source : source.path, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
    pages: 1,
    autoOrient: true,
  });
}

/**
 * Re-encodes an upload to WebP in two sizes. The output carries no metadata at all (no
 * EXIF, GPS, XMP, ICC): sharp drops it unless asked to keep it, and we never ask. The
 * EXIF orientation is applied to the pixels first, so photos still stand upright.
 */
export async function processUpload(
  source: ImageSource,
  options: { maxBytes?: number } = {},
): Promise<ProcessedImage> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const size = Buffer.isBuffer(source) ? source.length : source.size;
  if (size === 0) throw new HttpError('VALIDATION_FAILED', IMAGE_MESSAGES.empty);
  if (size > maxBytes) throw new HttpError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge(maxBytes));
  const type = sniffImageType(await headOf(source));
  if (!type) throw new HttpError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unsupported);
  return decodeQueue.run(() => reencode(source, type));
}

/**
 * A photo from an Ekispot archive (docs/archive.md#importing): when it is already what an upload
 * becomes — a WebP no larger than the display size, with no metadata at all — it is kept byte
 * for byte (re-encoding would lose quality for nothing) and only its thumbnail is made, which
 * decodes it whole, so a damaged file is still refused. Anything else is processed as an upload.
 */
export async function processArchivedImage(
  source: ImageSource,
  options: { maxBytes?: number } = {},
): Promise<ProcessedImage> {
  if (!Buffer.isBuffer(source) || sniffImageType(source.subarray(0, 32)) !== 'webp')
    return processUpload(source, options);
  let metadata: Metadata;
  try {
    metadata = await decoder(source).metadata();
  } catch (error) {
    throw decodeFailure(error, 'webp');
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  const ours =
    width > 0 &&
    height > 0 &&
    Math.max(width, height) <= DISPLAY_MAX_SIDE &&
    (metadata.pages ?? 1) === 1 &&
    !metadata.exif &&
    !metadata.icc &&
    !metadata.xmp &&
    !metadata.iptc;
  if (!ours) return processUpload(source, options);
  return decodeQueue.run(async () => {
    try {
      const { data, info } = await sharp(source, { failOn: 'error' })
        .resize({
          width: THUMB_MAX_SIDE,
          height: THUMB_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: THUMB_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return {
        sourceType: 'webp',
        mimeType: 'image/webp',
        full: { bytes: source, width, height },
        thumb: { bytes: data, width: info.width, height: info.height },
      };
    } catch (error) {
      throw decodeFailure(error, 'webp');
    }
  });
}

/**
 * The middle size of a stored display image (docs/posts.md#photo-sizes): its long side at most
 * `IMAGE_MEDIUM_MAX_SIDE`, at the display image's quality. Made from our own WebP, never from
 * an upload, in the same queue as uploads.
 */
export function makeMediumImage(displayBytes: Buffer): Promise<Buffer> {
  return decodeQueue.run(() =>
    sharp(displayBytes)
      .resize({
        width: IMAGE_MEDIUM_MAX_SIDE,
        height: IMAGE_MEDIUM_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer(),
  );
}

async function reencode(bytes: ImageSource, type: SniffedType): Promise<ProcessedImage> {
  // The header alone tells the canvas size: refuse bombs before decoding a single pixel.
  let metadata: Metadata;
  try {
    metadata = await decoder(bytes).metadata();
  } catch (error) {
    throw decodeFailure(error, type);
  }
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (width <= 0 || height <= 0) throw new HttpError('VALIDATION_FAILED', IMAGE_MESSAGES.corrupt);
  if (width * height > MAX_INPUT_PIXELS)
    throw new HttpError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooManyPixels);

  let full: ProcessedVariant;
  try {
    const { data, info } = await decoder(bytes)
      .resize({
        width: DISPLAY_MAX_SIDE,
        height: DISPLAY_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    full = { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    throw decodeFailure(error, type);
  }

  // The thumbnail comes from the (at most 2048 px) display image: decoding a 50 MP
  // original twice would double the worst-case cost for no visible gain at 480 px.
  const { data, info } = await sharp(full.bytes)
    .resize({
      width: THUMB_MAX_SIDE,
      height: THUMB_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: THUMB_QUALITY })
    .toBuffer({ resolveWithObject: true });

  return {
    sourceType: type,
    mimeType: 'image/webp',
    full,
    thumb: { bytes: data, width: info.width, height: info.height },
  };
}
