// pi's resize steps over the header-level codec, whose file sizes a test can set: which sizes and encodings are
// tried, in which order, when pi gives up, and the notes read shows. (image-read.parity.test.ts holds the same
// steps to pi's real code byte for byte on Photon; this file reaches the branches pi's defaults rarely do.)
import { describe, expect, it } from 'vitest';
import type { TextContent } from '../../ai/index.ts';
import { encodePng } from './bmp-to-png.ts';
import { nextSize, resizeImage, targetSize, type ImageCodec } from './image-resize.ts';
import { createCodingToolMap, createMemoryFileSystem } from '../index.ts';
import { geometryCodec, headerOnlyJpeg, pad, type EncodeAttempt } from '../testing/image-codecs.ts';

const MB = 1024 * 1024;
/** A PNG whose header says w x h (the header-level codec reads no further; real pixels would only slow the tests). */
function png(w: number, h: number): Uint8Array {
  const bytes = encodePng(1, 1, new Uint8Array(4));
  new DataView(bytes.buffer).setUint32(16, w);
  new DataView(bytes.buffer).setUint32(20, h);
  return bytes;
}

async function readText(bytes: Uint8Array, images: ImageCodec, path = 'i.png'): Promise<string> {
  const tools = createCodingToolMap(createMemoryFileSystem({ [path]: bytes }), { images });
  return ((await tools.read.execute('c', { path })).content[0] as TextContent).text;
}

const steps = (attempts: EncodeAttempt[]) => attempts.map((a) => `${a.width}x${a.height} ${a.mimeType.slice(6)}${a.quality ? ` ${a.quality}` : ''}`);

describe("pi's resize steps", () => {
  it('tries PNG, then JPEG at 80, 85, 70 and 55: the first under 4.5 MB of base64 wins (Photon\'s sizes for 2000x2000 noise)', async () => {
    const photonSizes: Record<string, number> = { png: 16_003_288, 80: 4_868_274, 85: 5_579_623, 70: 3_885_017, 55: 2_913_898, 40: 2_176_846 };
    const codec = geometryCodec((a) => photonSizes[a.quality ?? 'png']);
    const result = await resizeImage(png(2400, 2400), 'image/png', codec);
    expect(steps(codec.attempts)).toEqual(['2000x2000 png', '2000x2000 jpeg 80', '2000x2000 jpeg 85', '2000x2000 jpeg 70', '2000x2000 jpeg 55']);
    expect(result).toMatchObject({ mimeType: 'image/jpeg', width: 2000, height: 2000, originalWidth: 2400, originalHeight: 2400, wasResized: true });
    expect(result!.bytes.length).toBe(2_913_898);
  });

  it('keeps PNG when it fits, however small a JPEG would be', async () => {
    const codec = geometryCodec((a) => (a.mimeType === 'image/png' ? 3 * MB : 1000));
    expect((await resizeImage(png(3000, 100), 'image/png', codec))!.mimeType).toBe('image/png');
    expect(steps(codec.attempts)).toEqual(['2000x67 png']);
  });

  it('the limit is strict: exactly 4.5 MB of base64 does not fit', async () => {
    const exact = (4.5 * MB * 3) / 4;
    const codec = geometryCodec((a) => (a.mimeType === 'image/png' ? exact : exact - 3));
    expect((await resizeImage(png(3000, 100), 'image/png', codec))!.mimeType).toBe('image/jpeg');
  });

  it('shrinks to three quarters, floored, when nothing fits, and says so', async () => {
    const codec = geometryCodec((a) => a.width * a.height * 2);
    const text = await readText(png(4000, 2666), codec);
    // 2000x1333 (2666 * 2000 / 4000) is too big in every encoding; 1500x999 (999.75 floored) fits as PNG.
    expect(steps(codec.attempts)).toEqual([
      '2000x1333 png', '2000x1333 jpeg 80', '2000x1333 jpeg 85', '2000x1333 jpeg 70', '2000x1333 jpeg 55', '2000x1333 jpeg 40', '1500x999 png',
    ]);
    expect(text).toBe('Read image file [image/png]\n[Image: original 4000x2666, displayed at 1500x999. Multiply coordinates by 2.67 to map to original image.]');
  });

  it('gives up after 1x1, a side of 1 staying 1, with pi\'s omission note', async () => {
    const codec = geometryCodec(() => 5 * MB);
    const text = await readText(png(3000, 2), codec);
    const sizes = [...new Set(steps(codec.attempts).map((s) => s.split(' ')[0]))];
    expect(sizes.slice(0, 4)).toEqual(['2000x1', '1500x1', '1125x1', '843x1']);
    expect(sizes.at(-1)).toBe('1x1');
    expect(codec.attempts.length).toBe(sizes.length * 6);
    expect(text).toBe('Read image file [image/png]\n[Image omitted: could not be resized below the inline image size limit.]');
  });

  it('re-encodes an image within the dimension limits whose file is over the byte limit, at its own size', async () => {
    const codec = geometryCodec((a) => (a.mimeType === 'image/png' ? 6 * MB : 1 * MB));
    const bytes = pad(headerOnlyJpeg(1200, 900), 'image/jpeg', 4 * MB);
    expect(await readText(bytes, codec, 'p.jpg')).toBe(
      'Read image file [image/jpeg]\n[Image: original 1200x900, displayed at 1200x900. Multiply coordinates by 1.00 to map to original image.]',
    );
    expect(steps(codec.attempts)).toEqual(['1200x900 png', '1200x900 jpeg 80']);
  });

  it('sends an image within every limit as it is, without encoding anything', async () => {
    const codec = geometryCodec();
    const bytes = png(2000, 2000);
    const result = await resizeImage(bytes, 'image/png', codec);
    expect(result).toMatchObject({ wasResized: false, width: 2000, height: 2000, mimeType: 'image/png' });
    expect(result!.bytes).toBe(bytes);
    expect(codec.attempts).toEqual([]);
  });

  it('rounds the first target as pi does: the width first, then the height', () => {
    expect(targetSize(3000, 1001)).toEqual({ width: 2000, height: 667 });
    expect(targetSize(4000, 1001)).toEqual({ width: 2000, height: 501 });
    expect(targetSize(2500, 4000)).toEqual({ width: 1250, height: 2000 });
    expect(targetSize(1999, 2001)).toEqual({ width: 1998, height: 2000 });
    expect(nextSize(1, 1)).toBeNull();
    expect(nextSize(1, 7)).toEqual({ width: 1, height: 5 });
  });

  it('omits the image when the codec cannot decode or encode it, and frees what it made', async () => {
    const closed: string[] = [];
    const failing: ImageCodec = {
      decode: async () => ({
        width: 3000,
        height: 10,
        resize: async () => ({ encode: async () => { throw new Error('no encoder'); }, close: () => closed.push('scaled') }),
        close: () => closed.push('image'),
      }),
    };
    expect(await resizeImage(png(3000, 10), 'image/png', failing)).toBeNull();
    expect(closed).toEqual(['scaled', 'image']);
    expect(await resizeImage(png(4, 4), 'image/png', { decode: async () => { throw new Error('corrupt'); } })).toBeNull();
    expect(await readText(png(4, 4), { decode: async () => null })).toBe(
      'Read image file [image/png]\n[Image omitted: could not be resized below the inline image size limit.]',
    );
  });
});
