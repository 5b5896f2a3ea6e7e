// Images read through `read`, with what pi 0.85.1 answers for each: the Node differential test checks these
// expectations against pi's real read tool, the browser test checks the canvas codec against the same ones.
// Tiles compress well in any encoder (so pi's first choice, PNG, fits); noise forces pi's JPEG steps.
import { noiseRgba, tilesGif, tilesRgba } from './image-files.ts';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface ImageCase {
  name: string;
  path: string;
  format: ImageFormat;
  width: number;
  height: number;
  pixels: 'tiles' | 'noise';
  /** pi's text block, and the attached image's size and type. */
  expected: { text: string; width: number; height: number; mimeType: string };
}

/** Encodes RGBA as PNG, JPEG (quality 90) or WebP: Photon in Node, the canvas in the browser (both faster than fflate on noise). */
export type RasterEncoder = (format: 'png' | 'jpeg' | 'webp', rgba: Uint8Array, width: number, height: number) => Promise<Uint8Array>;

const resized = (mime: string, w: number, h: number, dw: number, dh: number) =>
  `Read image file [${mime}]\n[Image: original ${w}x${h}, displayed at ${dw}x${dh}. Multiply coordinates by ${(w / dw).toFixed(2)} to map to original image.]`;

function small(format: ImageFormat): ImageCase {
  const mimeType = `image/${format}`;
  return { name: `${format}_small`, path: `small.${format === 'jpeg' ? 'jpg' : format}`, format, width: 40, height: 30, pixels: 'tiles', expected: { text: `Read image file [${mimeType}]`, width: 40, height: 30, mimeType } };
}

export const IMAGE_CASES: ImageCase[] = [
  small('png'),
  small('jpeg'),
  small('gif'),
  small('webp'),
  // 1001 * 2000 / 3000 = 667.33: pi rounds.
  { name: 'png_wide', path: 'wide.png', format: 'png', width: 3000, height: 1001, pixels: 'tiles', expected: { text: resized('image/png', 3000, 1001, 2000, 667), width: 2000, height: 667, mimeType: 'image/png' } },
  // 1001 * 2000 / 4000 = 500.5 rounds up; the factor 1.998 shows as 2.00. The resized JPEG goes out as PNG.
  { name: 'jpeg_tall', path: 'tall.jpg', format: 'jpeg', width: 1001, height: 4000, pixels: 'tiles', expected: { text: resized('image/png', 1001, 4000, 501, 2000), width: 501, height: 2000, mimeType: 'image/png' } },
  { name: 'gif_wide', path: 'wide.gif', format: 'gif', width: 3000, height: 20, pixels: 'tiles', expected: { text: resized('image/png', 3000, 20, 2000, 13), width: 2000, height: 13, mimeType: 'image/png' } },
  { name: 'webp_tall', path: 'tall.webp', format: 'webp', width: 20, height: 2500, pixels: 'tiles', expected: { text: resized('image/png', 20, 2500, 16, 2000), width: 16, height: 2000, mimeType: 'image/png' } },
  // Within the dimension limits, over the byte limit (6 MB of noise): pi re-encodes at the same size, and says so.
  { name: 'png_heavy', path: 'heavy.png', format: 'png', width: 1300, height: 1300, pixels: 'noise', expected: { text: resized('image/jpeg', 1300, 1300, 1300, 1300), width: 1300, height: 1300, mimeType: 'image/jpeg' } },
  // Over both limits: 23 MB of noise. At 2000x2000 the PNG is far too big; pi goes on to JPEG.
  { name: 'png_huge', path: 'huge.png', format: 'png', width: 2400, height: 2400, pixels: 'noise', expected: { text: resized('image/jpeg', 2400, 2400, 2000, 2000), width: 2000, height: 2000, mimeType: 'image/jpeg' } },
];

export function caseRgba(c: Pick<ImageCase, 'width' | 'height' | 'pixels'>): Uint8Array {
  return c.pixels === 'tiles' ? tilesRgba(c.width, c.height) : noiseRgba(c.width, c.height);
}

/** The case's file bytes. */
export async function caseBytes(c: ImageCase, encode: RasterEncoder): Promise<Uint8Array> {
  if (c.format === 'gif') return tilesGif(c.width, c.height);
  return encode(c.format, caseRgba(c), c.width, c.height);
}

export { resized as resizedText };
