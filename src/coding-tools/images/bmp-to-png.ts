// BMP to PNG without an image library, so read can send a BMP as pi does (pi converts with Photon).
// Covers uncompressed 1/4/8-bit paletted and 24/32-bit BMPs (and 32-bit BI_BITFIELDS); others give null.
import { zlibSync } from 'fflate';

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;
const i32 = (b: Uint8Array, o: number) => u32(b, o) | 0;

/** Decodes the BMP into RGBA rows, or null for a layout this decoder does not read. */
export function decodeBmp(b: Uint8Array): { width: number; height: number; rgba: Uint8Array } | null {
  if (b.length < 26 || b[0] !== 0x42 || b[1] !== 0x4d) return null;
  const dataOffset = u32(b, 10);
  const dib = u32(b, 14);
  const core = dib === 12;
  const width = core ? u16(b, 18) : i32(b, 18);
  const rawHeight = core ? u16(b, 20) : i32(b, 22);
  const bpp = core ? u16(b, 24) : u16(b, 28);
  const compression = core ? 0 : u32(b, 30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0 || width * height > 50_000_000) return null;
  if (!(compression === 0 || (compression === 3 && bpp === 32))) return null;
  if (![1, 4, 8, 24, 32].includes(bpp)) return null;
  const paletteEntry = core ? 3 : 4;
  const colors = bpp <= 8 ? (core ? 1 << bpp : u32(b, 46) || 1 << bpp) : 0;
  const palette = 14 + dib;
  // BI_BITFIELDS masks sit right after the 40-byte header part (also in V4/V5 headers); else BGRA.
  const masks = compression === 3 ? [u32(b, 54), u32(b, 58), u32(b, 62)] : [0xff0000, 0xff00, 0xff];
  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (dataOffset + stride * height > b.length) return null;
  const rgba = new Uint8Array(width * height * 4);
  const channel = (value: number, mask: number) => {
    if (mask === 0) return 0;
    const shift = Math.clz32(mask & -mask) ^ 31;
    return Math.round((((value & mask) >>> shift) * 255) / (mask >>> shift));
  };
  for (let y = 0; y < height; y++) {
    const row = dataOffset + stride * (rawHeight > 0 ? height - 1 - y : y);
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (bpp <= 8) {
        const bit = x * bpp;
        const index = (b[row + (bit >> 3)] >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        if (index >= colors) return null;
        const p = palette + index * paletteEntry;
        rgba.set([b[p + 2], b[p + 1], b[p], 255], o);
      } else if (bpp === 24) {
        const p = row + x * 3;
        rgba.set([b[p + 2], b[p + 1], b[p], 255], o);
      } else {
        const v = u32(b, row + x * 4);
        rgba.set([channel(v, masks[0]), channel(v, masks[1]), channel(v, masks[2]), 255], o);
      }
    }
  }
  return { width, height, rgba };
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An 8-bit RGBA PNG (filter 0 on every row). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = new Uint8Array((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlibSync(raw)), chunk('IEND', new Uint8Array())];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** BMP bytes to PNG bytes, or null when the BMP cannot be read. */
export function bmpToPng(bytes: Uint8Array): Uint8Array | null {
  const decoded = decodeBmp(bytes);
  return decoded ? encodePng(decoded.width, decoded.height, decoded.rgba) : null;
}
