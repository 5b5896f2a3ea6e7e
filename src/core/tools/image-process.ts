// What read returns for an image: the bytes as base64 when they fit pi's inline limits (a BMP converted to
// PNG first), otherwise what an injected resizer makes of them. pi resizes with Photon (WASM); core has no
// resizer, so without one an over-size image gets pi's "could not be resized" note (docs/decisions/tools-images.md).
import { bmpToPng } from './bmp-to-png.ts';
import { imageDimensions, type ImageMimeType } from './image-sniff.ts';
import { encodeBase64 } from './utf8.ts';

/** pi's defaults: 2000x2000 and 4.5 MB of base64. */
export const IMAGE_MAX_WIDTH = 2000;
export const IMAGE_MAX_HEIGHT = 2000;
export const IMAGE_MAX_BASE64_BYTES = 4.5 * 1024 * 1024;

export interface ResizedImage {
  data: string;
  mimeType: string;
  width: number;
  height: number;
}

/**
 * Optional image codec (the browser can supply one built on OffscreenCanvas). `resize` fits an image into
 * the limits, `toPng` converts BMP; each returns null when it cannot.
 */
export interface ImageCodec {
  resize?(bytes: Uint8Array, mimeType: string, limits: { maxWidth: number; maxHeight: number; maxBase64Bytes: number }): Promise<ResizedImage | null>;
  toPng?(bytes: Uint8Array, mimeType: string): Promise<Uint8Array | null>;
}

export type ProcessedImage = { ok: true; data: string; mimeType: string; hints: string[] } | { ok: false; message: string };

const NOT_CONVERTED = '[Image omitted: could not be converted to a supported inline image format.]';
const NOT_RESIZED = '[Image omitted: could not be resized below the inline image size limit.]';

export async function processImage(bytes: Uint8Array, mime: ImageMimeType, codec: ImageCodec = {}): Promise<ProcessedImage> {
  const hints: string[] = [];
  let mimeType: string = mime;
  if (mime === 'image/bmp') {
    // The codec's converter when there is one, else our own for the common uncompressed layouts.
    const png = codec.toPng ? await codec.toPng(bytes, mime).catch(() => null) : bmpToPng(bytes);
    if (!png) return { ok: false, message: NOT_CONVERTED };
    bytes = png;
    mimeType = 'image/png';
    hints.push('[Image converted from image/bmp to image/png.]');
  }
  const dims = imageDimensions(bytes, mimeType as ImageMimeType);
  // A header we cannot read is an image pi's decoder would also reject.
  if (!dims) return { ok: false, message: NOT_RESIZED };
  const base64Size = Math.ceil(bytes.byteLength / 3) * 4;
  if (dims.width <= IMAGE_MAX_WIDTH && dims.height <= IMAGE_MAX_HEIGHT && base64Size < IMAGE_MAX_BASE64_BYTES) {
    return { ok: true, data: encodeBase64(bytes), mimeType, hints };
  }
  const limits = { maxWidth: IMAGE_MAX_WIDTH, maxHeight: IMAGE_MAX_HEIGHT, maxBase64Bytes: IMAGE_MAX_BASE64_BYTES };
  const resized = codec.resize ? await codec.resize(bytes, mimeType, limits).catch(() => null) : null;
  if (!resized) return { ok: false, message: NOT_RESIZED };
  const scale = dims.width / resized.width;
  hints.push(
    `[Image: original ${dims.width}x${dims.height}, displayed at ${resized.width}x${resized.height}. Multiply coordinates by ${scale.toFixed(2)} to map to original image.]`,
  );
  return { ok: true, data: resized.data, mimeType: resized.mimeType, hints };
}
