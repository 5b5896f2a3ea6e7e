// The canvas codec in real Chromium, through the read tool over the IndexedDB filesystem: each image of the shared
// cases gets pi's text, pi's size and pi's type (the Node differential test holds those expectations to pi's real
// read tool). The bytes are the browser's encoder's, not Photon's.
import { clear, createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { encodePng } from '../../coding-tools/images/index.ts';
import { createCodingToolMap } from '../../coding-tools/index.ts';
import { imageDimensions, sniffImageMimeType } from '../../coding-tools/images/index.ts';
import { caseBytes, IMAGE_CASES, resizedText, type RasterEncoder } from '../../coding-tools/testing/image-cases.ts';
import {
  quadrantColours, quadrantsRgba, rle8Bmp, tilesRgba, UPRIGHT_QUADRANTS, webpWithExifOrientation, withExifOrientation,
} from '../../coding-tools/testing/image-files.ts';
import { decodeBase64 } from '../../vfs/index.ts';
import type { ImageContent, TextContent } from '../../ai/index.ts';
import { openIdbFileSystem } from '../../storage/fs/index.ts';
import { createCanvasImageCodec } from './canvas-image-codec.ts';

const store = createStore('pi-playground-image-test', 'files');
beforeEach(() => clear(store));

const encode: RasterEncoder = async (format, rgba, width, height) => {
  const canvas = new OffscreenCanvas(width, height);
  canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(rgba), width, height), 0, 0);
  const blob = await canvas.convertToBlob(format === 'png' ? { type: 'image/png' } : { type: `image/${format}`, quality: 0.9 });
  return new Uint8Array(await blob.arrayBuffer());
};

async function readImage(path: string, bytes: Uint8Array) {
  const fs = await openIdbFileSystem({ store });
  await fs.writeFile(path, bytes);
  const tools = createCodingToolMap(fs, { images: createCanvasImageCodec() });
  const { content } = await tools.read.execute('c', { path });
  const text = (content[0] as TextContent).text;
  const image = content[1] as ImageContent | undefined;
  if (!image) return { text };
  const out = decodeBase64(image.data);
  const dims = imageDimensions(out, sniffImageMimeType(out.subarray(0, 4100))!);
  return { text, width: dims?.width, height: dims?.height, mimeType: image.mimeType, bytes: out.length };
}

/** The attached image's pixels, decoded by the browser. */
async function pixelsOf(image: ImageContent): Promise<{ rgba: Uint8ClampedArray; width: number; height: number }> {
  const bitmap = await createImageBitmap(new Blob([decodeBase64(image.data) as BlobPart], { type: image.mimeType }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return { rgba: context.getImageData(0, 0, bitmap.width, bitmap.height).data, width: bitmap.width, height: bitmap.height };
}

describe('the canvas image codec, read as pi reads', () => {
  it('exists in Chromium', () => {
    expect(createCanvasImageCodec()).toBeDefined();
  });

  for (const c of IMAGE_CASES) {
    it(`${c.name} (${c.width}x${c.height} ${c.format}): pi's text, size and type`, async () => {
      const { bytes, ...seen } = await readImage(c.path, await caseBytes(c, encode));
      expect(seen).toEqual(c.expected);
      // Under pi's limit of 4.5 MB of base64.
      expect(Math.ceil((bytes ?? 0) / 3) * 4).toBeLessThan(4.5 * 1024 * 1024);
    });
  }

  it('turns a JPEG upright by its EXIF orientation before measuring, as pi does', async () => {
    const jpeg = withExifOrientation(await encode('jpeg', tilesRgba(3000, 1000), 3000, 1000), 6);
    const { bytes: _bytes, ...seen } = await readImage('rotated.jpg', jpeg);
    expect(seen).toEqual({ text: resizedText('image/png', 1000, 3000, 667, 2000), width: 667, height: 2000, mimeType: 'image/png' });
  });

  it('turns each EXIF orientation of a JPEG, and of a WebP EXIF chunk, as pi does', async () => {
    const rgba = quadrantsRgba(2100, 100);
    const jpeg = await encode('jpeg', rgba, 2100, 100);
    const webp = await encode('webp', rgba, 2100, 100);
    const files = [
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((o) => ({ name: `jpeg ${o}`, path: 'turned.jpg', bytes: withExifOrientation(jpeg, o), o })),
      ...[[6, false], [7, true], [2, false]].map(([o, prefix]) => ({ name: `webp ${o}`, path: 'turned.webp', bytes: webpWithExifOrientation(webp, o as number, prefix as boolean), o: o as number })),
    ];
    for (const { name, path, bytes, o } of files) {
      const fs = await openIdbFileSystem({ store });
      await fs.writeFile(path, bytes);
      const result = await createCodingToolMap(fs, { images: createCanvasImageCodec() }).read.execute('c', { path });
      const upright = o >= 5 ? resizedText('image/png', 100, 2100, 95, 2000) : resizedText('image/png', 2100, 100, 2000, 95);
      expect((result.content[0] as TextContent).text, name).toBe(upright);
      const { rgba: out, width, height } = await pixelsOf(result.content[1] as ImageContent);
      expect(quadrantColours(out, width, height), name).toEqual(UPRIGHT_QUADRANTS[o]);
    }
  });

  it('converts an RLE8 BMP (which our own converter does not read) to PNG, as pi does', async () => {
    const fs = await openIdbFileSystem({ store });
    await fs.writeFile('rle.bmp', rle8Bmp());
    const { content } = await createCodingToolMap(fs, { images: createCanvasImageCodec() }).read.execute('c', { path: 'rle.bmp' });
    expect(content[0]).toEqual({ type: 'text', text: 'Read image file [image/png]\n[Image converted from image/bmp to image/png.]' });
    const { rgba, width, height } = await pixelsOf(content[1] as ImageContent);
    const [red, blue] = [[255, 0, 0, 255], [0, 0, 255, 255]];
    expect([width, height, [...rgba]]).toEqual([4, 2, [...blue, ...blue, ...red, ...red, ...red, ...red, ...red, ...red]]);
  });

  it("omits a PNG whose pixels do not decode with pi's note", async () => {
    const png = encodePng(40, 30, tilesRgba(40, 30));
    png.fill(0x55, 41, png.length - 12);
    expect(await readImage('damaged.png', png)).toEqual({ text: 'Read image file [image/png]\n[Image omitted: could not be resized below the inline image size limit.]' });
  });
});
