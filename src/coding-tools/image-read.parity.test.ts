// Differential tests of read on images: pi 0.85.1's real read tool (Photon in a worker) beside ours, made at test
// time (GIF and BMP by hand, PNG, JPEG and WebP with pi's own Photon). With a codec on Photon ours must
// give pi's content byte for byte (same sizes, same attempt chosen); with the header-level codec, pi's texts, sizes
// and types (its bytes are its own). pi's resize core is also run directly with small limits to reach its shrink loop.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as photon from '@silvia-odwyer/photon-node';
import * as piTools from '../../node_modules/@earendil-works/pi-coding-agent/dist/core/tools/index.js';
import { resizeImageInProcess as piResize } from '../../node_modules/@earendil-works/pi-coding-agent/dist/utils/image-resize-core.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageContent, TextContent } from '../ai/index.ts';
import type { AgentTool } from '../engine/index.ts';
import { encodePng } from './images/bmp-to-png.ts';
import { resizeImage, type ImageCodec } from './images/image-resize.ts';
import { imageDimensions, sniffImageMimeType } from './images/image-sniff.ts';
import { createCodingToolMap, createMemoryFileSystem } from './index.ts';
import { caseBytes, IMAGE_CASES, resizedText, type RasterEncoder } from './testing/image-cases.ts';
import { geometryCodec, photonCodec, type PhotonLike } from './testing/image-codecs.ts';
import {
  bmp24, noiseRgba, quadrantColours, quadrantsRgba, rle8Bmp, tilesRgba, UPRIGHT_QUADRANTS, webpWithExifOrientation, withExifOrientation,
} from './testing/image-files.ts';

const ph = photon as unknown as PhotonLike & typeof photon;

const encode: RasterEncoder = async (format, rgba, width, height) => {
  const image = new photon.PhotonImage(rgba, width, height);
  try {
    return format === 'png' ? image.get_bytes() : format === 'jpeg' ? image.get_bytes_jpeg(90) : image.get_bytes_webp();
  } finally {
    image.free();
  }
};

type Content = (TextContent | ImageContent)[];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pi-images-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function piRead(path: string, bytes: Uint8Array): Promise<Content> {
  writeFileSync(join(dir, path), bytes);
  const result = await (piTools.createReadTool(dir) as unknown as AgentTool).execute('c', { path } as never);
  return result.content as Content;
}

async function ourRead(path: string, bytes: Uint8Array, images?: ImageCodec): Promise<Content> {
  const tools = createCodingToolMap(createMemoryFileSystem({ [path]: bytes }), { images });
  return (await tools.read.execute('c', { path })).content as Content;
}

/** What the model notices: the text, and the attached image's size and type. */
function summary(content: Content): { text: string; width?: number; height?: number; mimeType?: string } {
  const text = (content[0] as TextContent).text;
  const image = content[1] as ImageContent | undefined;
  if (!image) return { text };
  const bytes = new Uint8Array(Buffer.from(image.data, 'base64'));
  const dims = imageDimensions(bytes, sniffImageMimeType(bytes.subarray(0, 4100))!);
  return { text, width: dims?.width, height: dims?.height, mimeType: image.mimeType };
}

/** A noise case moves tens of MB through pi's worker and ours (about 15 s unloaded): more than the default 30 s when the machine is busy. */
const HEAVY_TIMEOUT = 120_000;

/** The attached image's RGBA, decoded by Photon. */
function pixels(content: Content): number[] {
  const image = photon.PhotonImage.new_from_byteslice(new Uint8Array(Buffer.from((content[1] as ImageContent).data, 'base64')));
  try {
    return [...image.get_raw_pixels()];
  } finally {
    image.free();
  }
}

function quadrants(content: Content) {
  const image = photon.PhotonImage.new_from_byteslice(new Uint8Array(Buffer.from((content[1] as ImageContent).data, 'base64')));
  try {
    return quadrantColours(image.get_raw_pixels(), image.get_width(), image.get_height());
  } finally {
    image.free();
  }
}

describe('read on images, ours beside pi', () => {
  for (const c of IMAGE_CASES) {
    it(`${c.name}: pi's text, size and type; byte for byte with Photon as the codec`, async () => {
      const bytes = await caseBytes(c, encode);
      const theirs = await piRead(c.path, bytes);
      expect(summary(theirs)).toEqual(c.expected);
      expect(await ourRead(c.path, bytes, photonCodec(ph))).toEqual(theirs);
      // Flat tiles compress in any encoder, so the header-level codec reaches pi's choice; noise depends on the encoder.
      if (c.pixels === 'tiles') expect(summary(await ourRead(c.path, bytes, geometryCodec()))).toEqual(c.expected);
      // Without a codec, an image within the limits is still sent as is; any other is omitted.
      const bare = await ourRead(c.path, bytes);
      if (c.expected.text.includes('displayed at')) {
        expect(bare).toEqual([{ type: 'text', text: `Read image file [image/${c.format}]\n[Image omitted: could not be resized below the inline image size limit.]` }]);
      } else expect(bare).toEqual(theirs);
    }, c.pixels === 'noise' ? HEAVY_TIMEOUT : undefined);
  }

  it('measures a JPEG upright, as pi does: EXIF orientation 6 swaps width and height', async () => {
    const jpeg = await encode('jpeg', tilesRgba(3000, 1000), 3000, 1000);
    const bytes = withExifOrientation(jpeg, 6);
    const theirs = await piRead('rotated.jpg', bytes);
    expect(summary(theirs)).toEqual({ text: resizedText('image/png', 1000, 3000, 667, 2000), width: 667, height: 2000, mimeType: 'image/png' });
    expect(await ourRead('rotated.jpg', bytes, photonCodec(ph))).toEqual(theirs);
    expect(summary(await ourRead('rotated.jpg', bytes, geometryCodec()))).toEqual(summary(theirs));
  });

  it('turns each of the eight EXIF orientations as pi does (the quadrants land where pi puts them)', async () => {
    const jpeg = await encode('jpeg', quadrantsRgba(2100, 100), 2100, 100);
    for (let orientation = 1; orientation <= 8; orientation++) {
      const theirs = await piRead('turned.jpg', withExifOrientation(jpeg, orientation));
      const seen = summary(theirs);
      expect(seen.width! > seen.height!).toBe(orientation < 5);
      expect(quadrants(theirs), `orientation ${orientation}`).toEqual(UPRIGHT_QUADRANTS[orientation]);
    }
  }, HEAVY_TIMEOUT);

  it('reads the orientation from a WebP EXIF chunk too (little-endian TIFF, with or without the Exif prefix)', async () => {
    const webp = await encode('webp', tilesRgba(2100, 60), 2100, 60);
    for (const [orientation, prefix] of [[8, false], [5, true], [3, true]] as const) {
      const bytes = webpWithExifOrientation(webp, orientation, prefix);
      const theirs = await piRead('rotated.webp', bytes);
      const upright = orientation >= 5 ? resizedText('image/png', 60, 2100, 57, 2000) : resizedText('image/png', 2100, 60, 2000, 57);
      expect((theirs[0] as TextContent).text).toBe(upright);
      expect(summary(await ourRead('rotated.webp', bytes, geometryCodec()))).toEqual(summary(theirs));
    }
  });

  it('names the format a BMP is sent as: PNG for a wide one, JPEG for a noisy one over the byte limit', async () => {
    const wide = bmp24(3000, 10, tilesRgba(3000, 10));
    const wideTheirs = await piRead('wide.bmp', wide);
    expect(summary(wideTheirs)).toEqual({
      text: 'Read image file [image/png]\n[Image converted from image/bmp to image/png.]\n[Image: original 3000x10, displayed at 2000x7. Multiply coordinates by 1.50 to map to original image.]',
      width: 2000, height: 7, mimeType: 'image/png',
    });
    expect(summary(await ourRead('wide.bmp', wide, geometryCodec()))).toEqual(summary(wideTheirs));
    const noisy = bmp24(2100, 1400, noiseRgba(2100, 1400));
    const noisyTheirs = await piRead('noisy.bmp', noisy);
    expect(summary(noisyTheirs)).toEqual({
      text: 'Read image file [image/jpeg]\n[Image converted from image/bmp to image/jpeg.]\n[Image: original 2100x1400, displayed at 2000x1333. Multiply coordinates by 1.05 to map to original image.]',
      width: 2000, height: 1333, mimeType: 'image/jpeg',
    });
    // Our BMP converter's PNG is not Photon's, but its pixels are, so Photon resizes it to pi's very JPEG.
    expect(await ourRead('noisy.bmp', noisy, photonCodec(ph))).toEqual(noisyTheirs);
  }, HEAVY_TIMEOUT);

  it('converts a BMP layout our converter does not read (RLE8) through the codec, as pi converts it with Photon', async () => {
    const bmp = rle8Bmp();
    const theirs = await piRead('rle.bmp', bmp);
    expect(summary(theirs)).toEqual({ text: 'Read image file [image/png]\n[Image converted from image/bmp to image/png.]', width: 4, height: 2, mimeType: 'image/png' });
    const ours = await ourRead('rle.bmp', bmp, photonCodec(ph));
    expect(summary(ours)).toEqual(summary(theirs));
    expect(pixels(ours)).toEqual(pixels(theirs));
    expect(await ourRead('rle.bmp', bmp)).toEqual([{ type: 'text', text: 'Read image file [image/bmp]\n[Image omitted: could not be converted to a supported inline image format.]' }]);
  });

  it('omits an image that does not decode, even a small one, when a codec decodes (pi decodes every image)', async () => {
    const png = encodePng(40, 30, tilesRgba(40, 30));
    const damaged = png.slice();
    damaged.fill(0x55, 41, png.length - 12); // the IDAT's data
    const theirs = await piRead('damaged.png', damaged);
    expect(theirs).toEqual([{ type: 'text', text: 'Read image file [image/png]\n[Image omitted: could not be resized below the inline image size limit.]' }]);
    expect(await ourRead('damaged.png', damaged, photonCodec(ph))).toEqual(theirs);
  });
});

describe("pi's resize steps with small limits (pi's own resize core beside ours, both on Photon)", () => {
  const png = encodePng(300, 200, noiseRgba(300, 200, 7));
  const run = async (options: Record<string, number>) => {
    const theirs = (await piResize(png, 'image/png', options)) as { data: string; mimeType: string; width: number; height: number } | null;
    const ours = await resizeImage(png, 'image/png', photonCodec(ph), options);
    return { theirs, ours: ours && { data: Buffer.from(ours.bytes).toString('base64'), mimeType: ours.mimeType, width: ours.width, height: ours.height } };
  };

  it('shrinks by three quarters, floored, until an encoding fits', async () => {
    const { theirs, ours } = await run({ maxBytes: 12_000 });
    expect(theirs).toMatchObject({ mimeType: 'image/jpeg' });
    expect(theirs!.width).toBeLessThan(300);
    expect(ours).toEqual({ data: theirs!.data, mimeType: theirs!.mimeType, width: theirs!.width, height: theirs!.height });
  });

  it('honours the dimension limits and JPEG quality it is given', async () => {
    const { theirs, ours } = await run({ maxWidth: 120, maxHeight: 50, maxBytes: 9_000, jpegQuality: 60 });
    expect(ours).toEqual({ data: theirs!.data, mimeType: theirs!.mimeType, width: theirs!.width, height: theirs!.height });
  });

  it('gives up when nothing fits at 1x1', async () => {
    const { theirs, ours } = await run({ maxBytes: 10 });
    expect(theirs).toBeNull();
    expect(ours).toBeNull();
  });
});
