import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import { loadFileType, loadSharp } from '../../lazy';
import { checkContainer } from './containers';
import { UPLOAD_MAX_MEGABYTES, UPLOAD_MAX_MEGAPIXELS } from '../../../shared/activation/limits';

/**
 * Uploaded images are hostile input (DESIGN.md). An image is accepted only when its bytes are a
 * JPEG, PNG, WebP or HEIC (by content: the declared type and file name are ignored), its container
 * ends where the image ends (no polyglot), its header declares at most MAX_INPUT_PIXELS, and sharp
 * decodes it without error. What is stored is never the upload: it is sharp's re-encoding as JPEG,
 * turned upright by its EXIF orientation, at most MAX_OUTPUT_SIDE pixels on its longest side,
 * flattened on white, and without any metadata (EXIF with GPS, XMP, ICC, comments: sharp writes
 * none unless asked, and nothing here asks).
 */
export const MAX_UPLOAD_BYTES = UPLOAD_MAX_MEGABYTES * 1024 * 1024;
/**
 * 64 megapixels: the full-resolution modes of 48 and 50 MP phone cameras pass (8160 x 6144 is
 * 50.1 MP), a decompression bomb does not (30000 x 30000 is 900 MP), and a decode stays within a
 * few hundred MB even without shrink-on-load.
 */
const MAX_INPUT_PIXELS = UPLOAD_MAX_MEGAPIXELS * 1_000_000;
export const MAX_OUTPUT_SIDE = 2000;
const OUTPUT_QUALITY = 85;
const STORED_CONTENT_TYPE = 'image/jpeg';

/**
 * Whether this sharp build can decode HEIC (HEVC in HEIF). sharp's prebuilt libvips reads AVIF
 * (AV1 in HEIF) but not HEVC, for patent reasons; a libvips built with libde265 lists '.heic'.
 */
export async function heicDecodable(): Promise<boolean> {
  const sharp = await loadSharp();
  return (sharp.format.heif?.input.fileSuffix ?? []).includes('.heic');
}

export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'heif';

const FORMAT_BY_MIME: Readonly<Record<string, SourceFormat>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/webp': 'webp',
  'image/heic': 'heif',
  'image/heif': 'heif',
  'image/heic-sequence': 'heif',
  'image/heif-sequence': 'heif',
};

export type RefusalReason = 'EMPTY' | 'NOT_AN_IMAGE' | 'HEIC_UNSUPPORTED' | 'UNREADABLE' | 'TOO_MANY_PIXELS' | 'TRAILING_DATA';

export class ImageRefused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`image refused: ${reason}`);
  }
}

export interface SanitisedImage {
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly sizeBytes: number;
  readonly sha256: string;
  readonly sourceFormat: SourceFormat;
  readonly contentType: typeof STORED_CONTENT_TYPE;
}

/** Checks, decodes and re-encodes an uploaded image; throws ImageRefused with the reason. */
export async function sanitiseImage(input: Uint8Array): Promise<SanitisedImage> {
  if (input.byteLength === 0) throw new ImageRefused('EMPTY');
  // sharp and file-type load with the first upload, not at the server's start (src/server/lazy.ts).
  const [sharp, { fileTypeFromBuffer }] = await Promise.all([loadSharp(), loadFileType()]);
  const detected = await fileTypeFromBuffer(input);
  const format = detected ? FORMAT_BY_MIME[detected.mime] : undefined;
  if (!format) throw new ImageRefused('NOT_AN_IMAGE');
  if (format === 'heif' && !(await heicDecodable())) throw new ImageRefused('HEIC_UNSUPPORTED');

  const container = checkContainer(format, input);
  if (container === 'TRUNCATED') throw new ImageRefused('UNREADABLE');
  if (container === 'TRAILING_DATA') throw new ImageRefused('TRAILING_DATA');

  // The header only: the pixel count is checked before anything is decoded.
  let header: Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('UNREADABLE');
  }
  if (header.format !== format || !header.width || !header.height) throw new ImageRefused('UNREADABLE');
  if (header.width * header.height > MAX_INPUT_PIXELS) throw new ImageRefused('TOO_MANY_PIXELS');

  try {
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
      .autoOrient()
      .resize({ width: MAX_OUTPUT_SIDE, height: MAX_OUTPUT_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: OUTPUT_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    return {
      bytes,
      width: info.width,
      height: info.height,
      sizeBytes: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      sourceFormat: format,
      contentType: STORED_CONTENT_TYPE,
    };
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw new ImageRefused('TOO_MANY_PIXELS');
    throw new ImageRefused('UNREADABLE');
  }
}
