// What read returns for an image, as pi 0.85.1's utils/image-process.js: BMP converted to PNG first, then the
// image fitted into pi's limits (image-resize.ts) through the injected codec, with pi's hints and notes. Without a
// codec, an image within the limits (by its header) is sent as is and any other gets pi's omission note.
import { bmpToPng } from './bmp-to-png.ts';
import { exifOrientation, orient } from './image-exif.ts';
import { base64Length, DEFAULT_RESIZE_OPTIONS as LIMITS, formatDimensionNote, resizeImage, type ImageCodec, type ResizeResult } from './image-resize.ts';
import { imageDimensions, type ImageMimeType } from './image-sniff.ts';
import { encodeBase64 } from '../../vfs/index.ts';

export type ProcessedImage = { ok: true; data: string; mimeType: string; hints: string[] } | { ok: false; message: string };

const NOT_CONVERTED = '[Image omitted: could not be converted to a supported inline image format.]';
const NOT_RESIZED = '[Image omitted: could not be resized below the inline image size limit.]';

export async function processImage(bytes: Uint8Array, mime: ImageMimeType, codec?: ImageCodec): Promise<ProcessedImage> {
  let convertedFrom: string | undefined;
  let mimeType: ImageMimeType = mime;
  if (mime === 'image/bmp') {
    const png = bmpToPng(bytes) ?? (codec ? await codecToPng(codec, bytes, mime) : null);
    if (!png) return { ok: false, message: NOT_CONVERTED };
    bytes = png;
    mimeType = 'image/png';
    convertedFrom = mime;
  }
  const resized = codec ? await resizeImage(bytes, mimeType, codec) : withinLimitsByHeader(bytes, mimeType);
  if (!resized) return { ok: false, message: NOT_RESIZED };
  const hints: string[] = [];
  // pi names the format that is sent: a BMP that had to become a JPEG says so.
  if (convertedFrom && convertedFrom !== resized.mimeType) hints.push(`[Image converted from ${convertedFrom} to ${resized.mimeType}.]`);
  const note = formatDimensionNote(resized);
  if (note) hints.push(note);
  return { ok: true, data: encodeBase64(resized.bytes), mimeType: resized.mimeType, hints };
}

/**
 * No codec: the header's size (upright, as pi measures it) decides. An image whose header we cannot read is one
 * pi's decoder would also reject; one whose header reads but whose pixels are damaged is sent (pi would omit it).
 */
function withinLimitsByHeader(bytes: Uint8Array, mimeType: ImageMimeType): ResizeResult | null {
  const header = imageDimensions(bytes, mimeType);
  if (!header) return null;
  const { width, height } = orient(header, exifOrientation(bytes));
  if (width > LIMITS.maxWidth || height > LIMITS.maxHeight || base64Length(bytes.byteLength) >= LIMITS.maxBytes) return null;
  return { bytes, mimeType, originalWidth: width, originalHeight: height, width, height, wasResized: false };
}

/** A BMP layout our converter does not read (RLE, say), converted by the codec's decoder at its own size. */
async function codecToPng(codec: ImageCodec, bytes: Uint8Array, mimeType: string): Promise<Uint8Array | null> {
  try {
    const image = await codec.decode(bytes, mimeType);
    if (!image) return null;
    try {
      const scaled = await image.resize(image.width, image.height);
      try {
        return await scaled.encode('image/png');
      } finally {
        scaled.close?.();
      }
    } finally {
      image.close?.();
    }
  } catch {
    return null;
  }
}
