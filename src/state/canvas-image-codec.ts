// The browser's image codec for the read tool, standing in for pi's Photon: createImageBitmap decodes (EXIF
// orientation applied, as pi turns images upright), an OffscreenCanvas scales, convertToBlob encodes PNG or JPEG.
// core runs pi's algorithm over it (src/core/tools/image-resize.ts); docs/decisions/tools-images.md.
import type { DecodedImage, EncodedMimeType, ImageCodec, ScaledImage } from '../core/tools/image-resize.ts';

/** The codec, or undefined where the browser lacks createImageBitmap or OffscreenCanvas (read then omits over-size images). */
export function createCanvasImageCodec(): ImageCodec | undefined {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return undefined;
  return { decode };
}

async function decode(bytes: Uint8Array, mimeType: string): Promise<DecodedImage> {
  // Straight alpha, so scaling does not darken semi-transparent edges before encoding.
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: mimeType }), { imageOrientation: 'from-image', premultiplyAlpha: 'none' });
  return {
    width: bitmap.width,
    height: bitmap.height,
    resize: async (width, height) => scale(bitmap, width, height),
    close: () => bitmap.close(),
  };
}

function scale(bitmap: ImageBitmap, width: number, height: number): ScaledImage {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas context for resizing the image');
  // pi scales with Lanczos3; the canvas's best smoothing is the nearest the browser offers.
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
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
