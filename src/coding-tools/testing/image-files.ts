// Image files made at test time, in Node and in the browser alike: pixel patterns (flat tiles, which every encoder
// compresses well, and noise, which none does), a GIF encoder (LZW kept at 9 bits by frequent clear codes) and an
// EXIF orientation segment for JPEGs. JPEG and WebP bytes come from the environment's encoder (Photon, canvas).

/** RGBA of 128-pixel tiles in a few flat colours. */
export function tilesRgba(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += 4) {
      const t = ((x >> 7) + (y >> 7)) % 4;
      rgba[o] = t * 60;
      rgba[o + 1] = 200 - t * 40;
      rgba[o + 2] = 90 + t * 30;
      rgba[o + 3] = 255;
    }
  }
  return rgba;
}

/** Opaque RGB noise from a fixed seed (the same file on every run). */
export function noiseRgba(width: number, height: number, seed = 1): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  let s = seed >>> 0;
  for (let i = 0; i < rgba.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    rgba[i] = i % 4 === 3 ? 255 : s >>> 24;
  }
  return rgba;
}

/** A GIF89a of `width` x `height`, palette index ((x >> 4) + (y >> 4)) & 255 over a 256-colour global table. */
export function tilesGif(width: number, height: number): Uint8Array {
  const out: number[] = [...'GIF89a'].map((c) => c.charCodeAt(0));
  const u16 = (v: number) => out.push(v & 0xff, v >> 8);
  u16(width);
  u16(height);
  out.push(0xf7, 0, 0);
  for (let i = 0; i < 256; i++) out.push(i, (i * 7) & 0xff, 255 - i);
  out.push(0x2c);
  u16(0);
  u16(0);
  u16(width);
  u16(height);
  out.push(0, 8);
  const data = lzw9(width, height, (x, y) => ((x >> 4) + (y >> 4)) & 255);
  for (let o = 0; o < data.length; o += 255) {
    const block = data.subarray(o, o + 255);
    out.push(block.length, ...block);
  }
  out.push(0, 0x3b);
  return new Uint8Array(out);
}

/** Literal codes only, 9 bits wide: a clear code every 250 keeps the decoder's table from growing a bit. */
function lzw9(width: number, height: number, index: (x: number, y: number) => number): Uint8Array {
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  const emit = (code: number) => {
    acc |= code << bits;
    bits += 9;
    while (bits >= 8) {
      bytes.push(acc & 0xff);
      acc >>>= 8;
      bits -= 8;
    }
  };
  let run = 0;
  emit(256);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (run === 250) {
        emit(256);
        run = 0;
      }
      emit(index(x, y));
      run++;
    }
  }
  emit(257);
  if (bits > 0) bytes.push(acc & 0xff);
  return new Uint8Array(bytes);
}

/** The JPEG with an APP1 "Exif" segment right after SOI whose IFD0 has only the orientation tag. */
export function withExifOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const segment = [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2));
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}

/** A 24-bit bottom-up BMP (40-byte header) of the RGBA's colours. */
export function bmp24(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const size = 54 + stride * height;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  view.setUint32(2, size, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  view.setUint32(34, stride * height, true);
  for (let y = 0; y < height; y++) {
    const row = 54 + stride * (height - 1 - y);
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      out.set([rgba[p + 2], rgba[p + 1], rgba[p]], row + x * 3);
    }
  }
  return out;
}

/** A 4x2 BMP compressed with RLE8 (a layout our own converter does not read): bottom row red, top row blue-blue-red-red. */
export function rle8Bmp(): Uint8Array {
  const data = [4, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0, 1];
  const out = new Uint8Array(62 + data.length);
  const view = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  view.setUint32(2, out.length, true);
  view.setUint32(10, 62, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, 4, true);
  view.setInt32(22, 2, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 8, true);
  view.setUint32(30, 1, true);
  view.setUint32(34, data.length, true);
  view.setUint32(46, 2, true);
  out.set([0, 0, 255, 0, 255, 0, 0, 0], 54);
  out.set(data, 62);
  return out;
}

/** The WebP with an EXIF chunk (TIFF header straight away, or after "Exif\0\0" as some writers put it) appended. */
export function webpWithExifOrientation(webp: Uint8Array, orientation: number, exifPrefix = false): Uint8Array {
  const tiff = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0];
  const body = exifPrefix ? [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff] : tiff;
  const chunk = [0x45, 0x58, 0x49, 0x46, body.length & 0xff, body.length >> 8, 0, 0, ...body, ...(body.length % 2 ? [0] : [])];
  const out = new Uint8Array(webp.length + chunk.length);
  out.set(webp);
  out.set(chunk, webp.length);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}

const QUADRANT_RGB = { red: [230, 30, 30], green: [30, 200, 40], blue: [30, 40, 220], white: [245, 245, 245] } as const;
export type QuadrantColour = keyof typeof QUADRANT_RGB;

/** RGBA in four flat quadrants: red top left, green top right, blue bottom left, white bottom right. */
export function quadrantsRgba(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += 4) {
      const name: QuadrantColour = y < height / 2 ? (x < width / 2 ? 'red' : 'green') : x < width / 2 ? 'blue' : 'white';
      rgba.set(QUADRANT_RGB[name], o);
      rgba[o + 3] = 255;
    }
  }
  return rgba;
}

/** The colours at the centres of the four quadrants (top left, top right, bottom left, bottom right), each the nearest named one. */
export function quadrantColours(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): QuadrantColour[] {
  return [[1, 1], [3, 1], [1, 3], [3, 3]].map(([qx, qy]) => {
    const o = (Math.floor((qy * height) / 4) * width + Math.floor((qx * width) / 4)) * 4;
    const distance = (c: readonly number[]) => c.reduce((sum, v, i) => sum + (v - rgba[o + i]) ** 2, 0);
    return (Object.keys(QUADRANT_RGB) as QuadrantColour[]).reduce((best, name) => (distance(QUADRANT_RGB[name]) < distance(QUADRANT_RGB[best]) ? name : best));
  });
}

/** Where pi puts the quadrants (as quadrantColours lists them) once it has turned an image by each EXIF orientation. */
export const UPRIGHT_QUADRANTS: Record<number, QuadrantColour[]> = {
  1: ['red', 'green', 'blue', 'white'],
  2: ['green', 'red', 'white', 'blue'],
  3: ['white', 'blue', 'green', 'red'],
  4: ['blue', 'white', 'red', 'green'],
  5: ['red', 'blue', 'green', 'white'],
  6: ['blue', 'red', 'white', 'green'],
  7: ['white', 'green', 'blue', 'red'],
  8: ['green', 'white', 'red', 'blue'],
};
