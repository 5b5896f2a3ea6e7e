// The EXIF orientation of a JPEG or WebP, as pi 0.85.1 reads it before resizing: pi turns the decoded image
// upright first, so orientations 5 to 8 swap width and height in its limits and in its resize note.

/** Where pi finds the orientation: its value (1 to 8) and the offset of the 16-bit field holding it. */
interface OrientationTag {
  value: number;
  at: number;
  littleEndian: boolean;
}

/** 1 (upright, also for no or unreadable EXIF) to 8. */
export function exifOrientation(b: Uint8Array): number {
  return findOrientationTag(b)?.value ?? 1;
}

/**
 * A copy whose orientation tag says 1, or the bytes themselves when pi reads none. A browser decodes the copy as
 * stored, so the canvas can turn it exactly as pi does, whatever the browser's own EXIF handling.
 */
export function withoutExifOrientation(b: Uint8Array): Uint8Array {
  const tag = findOrientationTag(b);
  const one = tag?.littleEndian ? [1, 0] : [0, 1];
  // Out-of-range values (pi: upright) are rewritten too, so no browser reads them its own way.
  if (!tag || (b[tag.at] === one[0] && b[tag.at + 1] === one[1])) return b;
  const copy = b.slice();
  copy.set(one, tag.at);
  return copy;
}

function findOrientationTag(b: Uint8Array): OrientationTag | null {
  let tiff = -1;
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xd8) tiff = jpegTiffOffset(b);
  else if (b.length >= 12 && ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) tiff = webpTiffOffset(b);
  return tiff < 0 ? null : orientationFromTiff(b, tiff);
}

/** Width and height once the orientation is applied. */
export function orient(dims: { width: number; height: number }, orientation: number): { width: number; height: number } {
  return orientation >= 5 ? { width: dims.height, height: dims.width } : dims;
}

function ascii(b: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

const hasExifHeader = (b: Uint8Array, at: number) => ascii(b, at, 'Exif') && b[at + 4] === 0 && b[at + 5] === 0;

/** The TIFF header inside the first APP1 segment that starts with "Exif\0\0", walking segments as pi does. */
function jpegTiffOffset(b: Uint8Array): number {
  let o = 2;
  while (o < b.length - 1) {
    if (b[o] !== 0xff) return -1;
    const marker = b[o + 1];
    if (marker === 0xff) {
      o++; // fill byte
      continue;
    }
    if (marker === 0xe1) {
      if (o + 10 > b.length) return -1;
      if (hasExifHeader(b, o + 4)) return o + 10;
    }
    if (o + 4 > b.length) return -1;
    o += 2 + ((b[o + 2] << 8) | b[o + 3]);
  }
  return -1;
}

/** The TIFF header in the EXIF chunk (with or without the "Exif\0\0" prefix some writers add). */
function webpTiffOffset(b: Uint8Array): number {
  let o = 12;
  while (o + 8 <= b.length) {
    const size = (b[o + 4] | (b[o + 5] << 8) | (b[o + 6] << 16) | (b[o + 7] << 24)) >>> 0;
    const data = o + 8;
    if (ascii(b, o, 'EXIF')) {
      if (data + size > b.length) return -1;
      return size >= 6 && hasExifHeader(b, data) ? data + 6 : data;
    }
    o = data + size + (size % 2); // RIFF chunks are padded to an even size
  }
  return -1;
}

/** Tag 0x0112 of IFD0; null when absent or cut off, value 1 when out of range. */
function orientationFromTiff(b: Uint8Array, tiff: number): OrientationTag | null {
  if (tiff + 8 > b.length) return null;
  const le = b[tiff] === 0x49 && b[tiff + 1] === 0x49;
  const u16 = (p: number) => (le ? b[p] | (b[p + 1] << 8) : (b[p] << 8) | b[p + 1]);
  const u32 = (p: number) => (le ? u16(p) + u16(p + 2) * 0x10000 : u16(p) * 0x10000 + u16(p + 2));
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > b.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > b.length) return null;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return { value: value >= 1 && value <= 8 ? value : 1, at: entry + 8, littleEndian: le };
    }
  }
  return null;
}
