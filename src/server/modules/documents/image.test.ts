import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  elfBytes,
  exifTags,
  hugePngHeader,
  jpeg,
  jpegWithGps,
  peBytes,
  png,
  pngZipPolyglot,
  textBytes,
  truncatedJpeg,
  webp,
  zipArchive,
} from '../../../../tests/fixtures/images';
import { checkIsoBmff, checkJpeg, checkPng, checkWebp } from './containers';
import { translateEn } from '../../../shared/i18n/lookup';
import { heicDecodable, ImageRefused, MAX_OUTPUT_SIDE, sanitiseImage, type RefusalReason } from './image';

async function refusal(bytes: Uint8Array): Promise<RefusalReason | 'ACCEPTED'> {
  try {
    await sanitiseImage(bytes);
    return 'ACCEPTED';
  } catch (error) {
    if (error instanceof ImageRefused) return error.reason;
    throw error;
  }
}

describe('container ends', () => {
  it('finds the end of JPEG, PNG and WebP files', async () => {
    expect(checkJpeg(await jpeg(64, 64))).toBe('OK');
    expect(checkPng(await png(64, 64))).toBe('OK');
    expect(checkWebp(await webp(64, 64))).toBe('OK');
  });

  it('sees data after the end', async () => {
    expect(checkPng(await pngZipPolyglot())).toBe('TRAILING_DATA');
    expect(checkJpeg(Buffer.concat([await jpeg(64, 64), zipArchive()]))).toBe('TRAILING_DATA');
    expect(checkWebp(Buffer.concat([await webp(64, 64), zipArchive()]))).toBe('TRAILING_DATA');
  });

  it('sees a file that ends early', async () => {
    expect(checkJpeg(await truncatedJpeg())).toBe('TRUNCATED');
    const full = await png(64, 64);
    expect(checkPng(full.subarray(0, full.length - 5))).toBe('TRUNCATED');
  });

  it('lets a JPEG be followed by further JPEG images (MPF, Ultra HDR gain maps) and padding', async () => {
    const first = await jpeg(64, 64);
    const second = await jpeg(32, 32);
    expect(checkJpeg(Buffer.concat([first, second]))).toBe('OK');
    expect(checkJpeg(Buffer.concat([first, Buffer.alloc(16)]))).toBe('OK');
    expect(checkJpeg(Buffer.concat([first, second, Buffer.from('PK\x03\x04')]))).toBe('TRAILING_DATA');
  });

  it('walks ISO-BMFF boxes', () => {
    const box = (type: string, body: number) => {
      const b = Buffer.alloc(8 + body);
      b.writeUInt32BE(8 + body, 0);
      b.write(type, 4, 'latin1');
      return b;
    };
    expect(checkIsoBmff(Buffer.concat([box('ftyp', 16), box('meta', 40), box('mdat', 100)]))).toBe('OK');
    expect(checkIsoBmff(Buffer.concat([box('ftyp', 16), box('mdat', 100), zipArchive()]))).toBe('TRAILING_DATA');
    expect(checkIsoBmff(Buffer.concat([box('ftyp', 16), box('mdat', 100)]).subarray(0, 60))).toBe('TRUNCATED');
  });
});

describe('sanitiseImage', () => {
  it('re-encodes JPEG, PNG (transparency on white) and WebP as JPEG', async () => {
    for (const input of [await jpeg(), await png(320, 240, true), await webp()]) {
      const out = await sanitiseImage(input);
      const meta = await sharp(out.bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.hasAlpha).toBe(false);
      expect([out.width, out.height]).toEqual([meta.width, meta.height]);
      expect(out.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(out.sizeBytes).toBe(out.bytes.byteLength);
    }
  });

  it('drops EXIF (GPS included) and applies the orientation', async () => {
    const input = await jpegWithGps(600, 300, 6);
    const before = await sharp(input).metadata();
    expect(exifTags(before.exif)).toHaveProperty('IFD0:0x8825');
    expect(before.orientation).toBe(6);
    const out = await sanitiseImage(input);
    const after = await sharp(out.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([300, 600]);
  });

  it('keeps the longest side within 2000 pixels and never enlarges', async () => {
    const big = await sanitiseImage(await jpeg(3000, 1500));
    expect([big.width, big.height]).toEqual([MAX_OUTPUT_SIDE, 1000]);
    const small = await sanitiseImage(await jpeg(200, 100));
    expect([small.width, small.height]).toEqual([200, 100]);
  });

  it('refuses what is not a JPEG, PNG, WebP or HEIC by its bytes', async () => {
    expect(await refusal(new Uint8Array())).toBe('EMPTY');
    expect(await refusal(textBytes())).toBe('NOT_AN_IMAGE');
    expect(await refusal(elfBytes())).toBe('NOT_AN_IMAGE');
    expect(await refusal(peBytes())).toBe('NOT_AN_IMAGE');
    expect(await refusal(zipArchive())).toBe('NOT_AN_IMAGE');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await refusal(gif)).toBe('NOT_AN_IMAGE');
  });

  it('refuses broken, bomb and polyglot files', async () => {
    expect(await refusal(await truncatedJpeg())).toBe('UNREADABLE');
    expect(await refusal(hugePngHeader())).toBe('TOO_MANY_PIXELS');
    expect(await refusal(await pngZipPolyglot())).toBe('TRAILING_DATA');
  });

  it('refuses HEIC honestly when this sharp cannot decode it', async () => {
    const heic = Buffer.alloc(64);
    heic.writeUInt32BE(24, 0);
    heic.write('ftypheic', 4, 'latin1');
    heic.write('mif1heic', 16, 'latin1');
    heic.writeUInt32BE(40, 24);
    heic.write('mdat', 28, 'latin1');
    expect(await refusal(heic)).toBe((await heicDecodable()) ? 'UNREADABLE' : 'HEIC_UNSUPPORTED');
  });

  it('lists HEIC among the formats it asks for only when this sharp can decode it', async () => {
    const decodable = await heicDecodable();
    for (const key of ['activation.documents.notAnImage']) expect(translateEn(key).includes('HEIC'), key).toBe(decodable);
  });
});
