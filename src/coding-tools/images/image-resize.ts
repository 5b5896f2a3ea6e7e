// pi 0.85.1's image fitting (utils/image-resize-core.js) over an injected codec: the same limits, the same sizes
// (rounding included), the same PNG-then-JPEG order of attempts and the same point of giving up. core holds the
// algorithm and no pixels: the browser supplies a canvas codec, tests a header-level one or pi's own Photon.

/** pi's limits and first JPEG quality; read uses the defaults, tests may shrink them as pi's own API allows. */
export interface ResizeOptions {
  maxWidth: number;
  maxHeight: number;
  /** Of base64: 4.5 MB by default, headroom below Anthropic's 5 MB. */
  maxBytes: number;
  jpegQuality: number;
}

export const DEFAULT_RESIZE_OPTIONS: Readonly<ResizeOptions> = { maxWidth: 2000, maxHeight: 2000, maxBytes: 4.5 * 1024 * 1024, jpegQuality: 80 };

/** pi's JPEG qualities, first to last: the configured one, then 85, 70, 55 and 40 (each once). */
export const jpegQualities = (first: number): number[] => [...new Set([first, 85, 70, 55, 40])];

export type EncodedMimeType = 'image/png' | 'image/jpeg';

/** Decodes images for resizing; `decode` rejects (or gives null) for bytes it cannot decode. */
export interface ImageCodec {
  decode(bytes: Uint8Array, mimeType: string): Promise<DecodedImage | null>;
}

/** A decoded image, EXIF orientation applied (pi turns JPEG and WebP upright before measuring). */
export interface DecodedImage {
  readonly width: number;
  readonly height: number;
  /** The image scaled to exactly width x height (pi: Photon's Lanczos3). */
  resize(width: number, height: number): Promise<ScaledImage>;
  close?(): void;
}

export interface ScaledImage {
  /** PNG, or JPEG at `quality` (1-100). */
  encode(mimeType: EncodedMimeType, quality?: number): Promise<Uint8Array>;
  close?(): void;
}

export interface ResizeResult {
  bytes: Uint8Array;
  mimeType: string;
  originalWidth: number;
  originalHeight: number;
  width: number;
  height: number;
  wasResized: boolean;
}

export const base64Length = (byteLength: number) => Math.ceil(byteLength / 3) * 4;

/** pi's first target: fit the width, then the height, each rounded. */
export function targetSize(width: number, height: number, opts: ResizeOptions = DEFAULT_RESIZE_OPTIONS): { width: number; height: number } {
  let w = width;
  let h = height;
  if (w > opts.maxWidth) {
    h = Math.round((h * opts.maxWidth) / w);
    w = opts.maxWidth;
  }
  if (h > opts.maxHeight) {
    w = Math.round((w * opts.maxHeight) / h);
    h = opts.maxHeight;
  }
  return { width: w, height: h };
}

/** pi's next size after none of the encodings fitted: three quarters, floored, never below 1; null to give up. */
export function nextSize(width: number, height: number): { width: number; height: number } | null {
  if (width === 1 && height === 1) return null;
  const w = width === 1 ? 1 : Math.max(1, Math.floor(width * 0.75));
  const h = height === 1 ? 1 : Math.max(1, Math.floor(height * 0.75));
  return w === width && h === height ? null : { width: w, height: h };
}

/**
 * Fits `bytes` into the limits as pi does, or null when it cannot (undecodable, or nothing fits at 1x1).
 * An image already within them comes back as is. Otherwise, at each size: PNG, then JPEG at each quality; the
 * first under the byte limit wins. pi encodes all six before choosing; encoding lazily chooses the same one.
 */
export async function resizeImage(
  bytes: Uint8Array, mimeType: string, codec: ImageCodec, options: Partial<ResizeOptions> = {},
): Promise<ResizeResult | null> {
  const opts = { ...DEFAULT_RESIZE_OPTIONS, ...options };
  const fits = (byteLength: number) => base64Length(byteLength) < opts.maxBytes;
  let image: DecodedImage | null = null;
  try {
    image = await codec.decode(bytes, mimeType);
    if (!image) return null;
    const { width: originalWidth, height: originalHeight } = image;
    const base = { originalWidth, originalHeight };
    if (originalWidth <= opts.maxWidth && originalHeight <= opts.maxHeight && fits(bytes.byteLength)) {
      return { ...base, bytes, mimeType, width: originalWidth, height: originalHeight, wasResized: false };
    }
    const attempts: Attempt[] = [['image/png', undefined], ...jpegQualities(opts.jpegQuality).map((q): Attempt => ['image/jpeg', q])];
    let size: { width: number; height: number } | null = targetSize(originalWidth, originalHeight, opts);
    while (size) {
      const found = await firstFitting(image, size, attempts, fits);
      if (found) return { ...base, ...found, ...size, wasResized: true };
      size = nextSize(size.width, size.height);
    }
    return null;
  } catch {
    return null;
  } finally {
    image?.close?.();
  }
}

type Attempt = [EncodedMimeType, number | undefined];

async function firstFitting(
  image: DecodedImage, size: { width: number; height: number }, attempts: Attempt[], fits: (byteLength: number) => boolean,
): Promise<{ bytes: Uint8Array; mimeType: EncodedMimeType } | null> {
  const scaled = await image.resize(size.width, size.height);
  try {
    for (const [mimeType, quality] of attempts) {
      const bytes = await scaled.encode(mimeType, quality);
      if (fits(bytes.byteLength)) return { bytes, mimeType };
    }
    return null;
  } finally {
    scaled.close?.();
  }
}

/** pi's note for a resized image, so the model can map coordinates back. */
export function formatDimensionNote(result: ResizeResult): string | undefined {
  if (!result.wasResized) return undefined;
  const scale = result.originalWidth / result.width;
  return `[Image: original ${result.originalWidth}x${result.originalHeight}, displayed at ${result.width}x${result.height}. Multiply coordinates by ${scale.toFixed(2)} to map to original image.]`;
}
