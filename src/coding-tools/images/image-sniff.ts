// Image detection by content (not by extension) and header-level dimensions, as pi 0.85.1's read tool
// decides "image or text": JPEG, PNG (not animated), GIF, WebP and BMP with a plausible header.

export type ImageMimeType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/bmp';

/** pi sniffs this many leading bytes. */
export const IMAGE_SNIFF_BYTES = 4100;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const u16le = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);
const u32le = (b: Uint8Array, o: number) => u16le(b, o) + u16le(b, o + 2) * 0x10000;
const u16be = (b: Uint8Array, o: number) => ((b[o] ?? 0) << 8) | (b[o + 1] ?? 0);
const u32be = (b: Uint8Array, o: number) => u16be(b, o) * 0x10000 + u16be(b, o + 2);
const i32le = (b: Uint8Array, o: number) => u32le(b, o) | 0;

function hasBytes(b: Uint8Array, bytes: number[], at = 0): boolean {
  return b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
}
function hasAscii(b: Uint8Array, text: string, at = 0): boolean {
  return hasBytes(b, [...text].map((c) => c.charCodeAt(0)), at);
}

/** The image type of the leading bytes, or null for anything pi would read as text. */
export function sniffImageMimeType(head: Uint8Array): ImageMimeType | null {
  if (hasBytes(head, [0xff, 0xd8, 0xff])) return head[3] === 0xf7 ? null : 'image/jpeg';
  if (hasBytes(head, PNG_SIGNATURE)) return isPng(head) && !isAnimatedPng(head) ? 'image/png' : null;
  if (hasAscii(head, 'GIF')) return 'image/gif';
  if (hasAscii(head, 'RIFF') && hasAscii(head, 'WEBP', 8)) return 'image/webp';
  if (hasAscii(head, 'BM') && isBmp(head)) return 'image/bmp';
  return null;
}

function isPng(b: Uint8Array): boolean {
  return b.length >= 16 && u32be(b, 8) === 13 && hasAscii(b, 'IHDR', 12);
}

function isAnimatedPng(b: Uint8Array): boolean {
  // An acTL chunk before the first IDAT makes it an APNG, which pi does not treat as an image.
  let offset = 8;
  while (offset + 8 <= b.length) {
    if (hasAscii(b, 'acTL', offset + 4)) return true;
    if (hasAscii(b, 'IDAT', offset + 4)) return false;
    const next = offset + 12 + u32be(b, offset);
    if (next <= offset || next > b.length) return false;
    offset = next;
  }
  return false;
}

function isBmp(b: Uint8Array): boolean {
  if (b.length < 26) return false;
  const fileSize = u32le(b, 2);
  const dataOffset = u32le(b, 10);
  const dibSize = u32le(b, 14);
  if (fileSize !== 0 && fileSize < 26) return false;
  if (dataOffset < 14 + dibSize) return false;
  if (fileSize !== 0 && dataOffset >= fileSize) return false;
  let planes: number;
  let bpp: number;
  if (dibSize === 12) {
    planes = u16le(b, 22);
    bpp = u16le(b, 24);
  } else if (dibSize >= 40 && dibSize <= 124) {
    if (b.length < 30) return false;
    planes = u16le(b, 26);
    bpp = u16le(b, 28);
  } else return false;
  return planes === 1 && [1, 4, 8, 16, 24, 32].includes(bpp);
}

/** Width and height from the header, or null when the header cannot be understood (a damaged image). */
export function imageDimensions(b: Uint8Array, mime: ImageMimeType): { width: number; height: number } | null {
  switch (mime) {
    case 'image/png':
      return b.length >= 24 ? { width: u32be(b, 16), height: u32be(b, 20) } : null;
    case 'image/gif':
      return b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : null;
    case 'image/bmp':
      return u32le(b, 14) === 12
        ? { width: u16le(b, 18), height: u16le(b, 20) }
        : { width: Math.abs(i32le(b, 18)), height: Math.abs(i32le(b, 22)) };
    case 'image/webp':
      return webpDimensions(b);
    case 'image/jpeg':
      return jpegDimensions(b);
  }
}

function webpDimensions(b: Uint8Array): { width: number; height: number } | null {
  if (hasAscii(b, 'VP8 ', 12) && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (hasAscii(b, 'VP8L', 12) && b.length >= 25) {
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (hasAscii(b, 'VP8X', 12) && b.length >= 30) {
    return { width: 1 + (u16le(b, 24) | (b[26] << 16)), height: 1 + (u16le(b, 27) | (b[29] << 16)) };
  }
  return null;
}

function jpegDimensions(b: Uint8Array): { width: number; height: number } | null {
  let o = 2;
  while (o + 9 < b.length) {
    if (b[o] !== 0xff) return null;
    const marker = b[o + 1];
    // SOF0..SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, o + 5), width: u16be(b, o + 7) };
    }
    o += 2 + u16be(b, o + 2);
  }
  return null;
}
