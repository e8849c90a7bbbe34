/**
 * Where an image file ends, by walking its container: the JPEG markers to EOI, the PNG chunks to
 * IEND, the RIFF length of WebP, the ISO-BMFF boxes of HEIC. A decoder stops at the image's end and
 * ignores what follows, which is how polyglots work (a PNG with a ZIP appended is both); Tapat
 * refuses any data after the image, with one exception: JPEG files may be followed by further JPEG
 * images, because phones store Ultra HDR gain maps and MPF secondary images that way.
 */
export type ContainerCheck = 'OK' | 'TRUNCATED' | 'TRAILING_DATA';

type Format = 'jpeg' | 'png' | 'webp' | 'heif';

export function checkContainer(format: Format, bytes: Uint8Array): ContainerCheck {
  switch (format) {
    case 'jpeg':
      return checkJpeg(bytes);
    case 'png':
      return checkPng(bytes);
    case 'webp':
      return checkWebp(bytes);
    case 'heif':
      return checkIsoBmff(bytes);
  }
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32be = (b: Uint8Array, i: number) => ((b[i] ?? 0) * 0x1000000 + (((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0))) >>> 0;
const u32le = (b: Uint8Array, i: number) => ((b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16)) + (b[i + 3] ?? 0) * 0x1000000;

/** The offset just after the EOI of the JPEG starting at `start`, or -1 when it ends before its EOI or is malformed. */
function jpegEnd(b: Uint8Array, start: number): number {
  if (b[start] !== 0xff || b[start + 1] !== 0xd8) return -1;
  let i = start + 2;
  while (i < b.length) {
    if (b[i] !== 0xff) return -1;
    while (b[i] === 0xff) i++; // fill bytes
    if (i >= b.length) return -1;
    const marker = b[i]!;
    i++;
    if (marker === 0xd9) return i; // EOI
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // TEM, RSTn: no length
    if (marker === 0xd8 || marker === 0x00) return -1;
    if (i + 2 > b.length) return -1;
    const length = u16be(b, i);
    if (length < 2) return -1;
    i += length;
    if (marker === 0xda) {
      // Entropy-coded data up to the next marker: FF00 is a stuffed byte, FFD0-FFD7 restart markers.
      while (i < b.length) {
        if (b[i] !== 0xff) {
          i++;
          continue;
        }
        const next = b[i + 1];
        if (next === undefined) return -1;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i += 2;
        else if (next === 0xff) i++;
        else break;
      }
    }
  }
  return -1;
}

export function checkJpeg(b: Uint8Array): ContainerCheck {
  let end = jpegEnd(b, 0);
  if (end < 0) return 'TRUNCATED';
  for (;;) {
    while (end < b.length && (b[end] === 0x00 || b[end] === 0xff) && !(b[end] === 0xff && b[end + 1] === 0xd8)) end++; // padding
    if (end >= b.length) return 'OK';
    // A further JPEG image (MPF secondary image, Ultra HDR gain map) is allowed; anything else is not.
    const next = b[end] === 0xff && b[end + 1] === 0xd8 ? jpegEnd(b, end) : -1;
    if (next < 0) return 'TRAILING_DATA';
    end = next;
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function checkPng(b: Uint8Array): ContainerCheck {
  if (!PNG_SIGNATURE.every((v, i) => b[i] === v)) return 'TRUNCATED';
  let i = 8;
  while (i + 12 <= b.length) {
    const length = u32be(b, i);
    if (length > 0x7fffffff) return 'TRUNCATED';
    const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    i += 12 + length;
    if (i > b.length) return 'TRUNCATED';
    if (type === 'IEND') return i === b.length ? 'OK' : 'TRAILING_DATA';
  }
  return 'TRUNCATED';
}

export function checkWebp(b: Uint8Array): ContainerCheck {
  if (b.length < 12) return 'TRUNCATED';
  const end = 8 + u32le(b, 4);
  const padded = end + (end % 2);
  if (b.length < end) return 'TRUNCATED';
  return b.length === end || b.length === padded ? 'OK' : 'TRAILING_DATA';
}

const BOX_TYPE = /^[\x20-\x7e]{4}$/;

/** HEIC/HEIF: top-level boxes must tile the file exactly. */
export function checkIsoBmff(b: Uint8Array): ContainerCheck {
  let i = 0;
  while (i < b.length) {
    if (i + 8 > b.length) return 'TRAILING_DATA';
    let size = u32be(b, i);
    const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    if (!BOX_TYPE.test(type)) return 'TRAILING_DATA';
    if (size === 0) return 'OK'; // the last box extends to the end of the file
    if (size === 1) {
      if (i + 16 > b.length) return 'TRUNCATED';
      size = u32be(b, i + 8) * 0x100000000 + u32be(b, i + 12);
      if (size < 16) return 'TRAILING_DATA';
    } else if (size < 8) return 'TRAILING_DATA';
    if (i + size > b.length) return 'TRUNCATED';
    i += size;
  }
  return 'OK';
}
