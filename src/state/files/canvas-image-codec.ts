// The browser's image codec for the read tool, standing in for pi's Photon: createImageBitmap decodes, an
// OffscreenCanvas turns the image upright by EXIF exactly as pi does and scales it, convertToBlob encodes PNG or
// JPEG. core runs pi's algorithm over it (src/coding-tools/images/image-resize.ts); docs/decisions/tools-images.md.
import { exifOrientation, orient, withoutExifOrientation } from '../../coding-tools/images/index.ts';
import type { DecodedImage, EncodedMimeType, ImageCodec, ScaledImage } from '../../coding-tools/images/index.ts';

/** The codec, or undefined where the browser lacks createImageBitmap or OffscreenCanvas (read then omits over-size images). */
export function createCanvasImageCodec(): ImageCodec | undefined {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return undefined;
  return { decode };
}

async function decode(bytes: Uint8Array, mimeType: string): Promise<DecodedImage> {
  // Browsers apply EXIF orientation in their own ways (Chromium: always for JPEG, not for a WebP EXIF chunk), so
  // the browser gets the image with its tag set to upright and the canvas applies the orientation pi reads.
  const orientation = exifOrientation(bytes);
  const blob = new Blob([withoutExifOrientation(bytes) as BlobPart], { type: mimeType });
  // Straight alpha, so scaling does not darken semi-transparent edges before encoding.
  const bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none' });
  const { width, height } = orient(bitmap, orientation);
  return {
    width,
    height,
    resize: async (w, h) => scale(bitmap, orientation, w, h),
    close: () => bitmap.close(),
  };
}

/** Canvas transforms (a, b, c, d, e, f as multiples of the target width and height) for EXIF orientations 2 to 8. */
const TURNS: Record<number, (w: number, h: number) => [number, number, number, number, number, number]> = {
  2: (w) => [-1, 0, 0, 1, w, 0],
  3: (w, h) => [-1, 0, 0, -1, w, h],
  4: (_w, h) => [1, 0, 0, -1, 0, h],
  5: () => [0, 1, 1, 0, 0, 0],
  6: (w) => [0, 1, -1, 0, w, 0],
  7: (w, h) => [0, -1, -1, 0, w, h],
  8: (_w, h) => [0, -1, 1, 0, 0, h],
};

function scale(bitmap: ImageBitmap, orientation: number, width: number, height: number): ScaledImage {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas context for resizing the image');
  // pi scales with Lanczos3; the canvas's best smoothing is the nearest the browser offers.
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  const turn = TURNS[orientation];
  if (turn) context.setTransform(...turn(width, height));
  // Drawn at its stored orientation: a quarter turn swaps the sides.
  const [drawWidth, drawHeight] = orientation >= 5 ? [height, width] : [width, height];
  context.drawImage(bitmap, 0, 0, drawWidth, drawHeight);
  return {
    async encode(type: EncodedMimeType, quality?: number) {
      const blob = await canvas.convertToBlob(type === 'image/jpeg' ? { type, quality: (quality ?? 80) / 100 } : { type });
      // A browser that cannot write the type hands back PNG: that would be sent under the wrong type.
      if (blob.type !== type) throw new Error(`The browser cannot encode ${type}`);
      return new Uint8Array(await blob.arrayBuffer());
    },
    close: () => {
      // Frees the pixels now rather than at garbage collection: a 2000x2000 canvas holds 16 MB.
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}
