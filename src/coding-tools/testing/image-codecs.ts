// Image codecs for Node tests. `geometryCodec` decodes sizes from headers (EXIF orientation applied) and encodes
// files of the asked-for size: a real PNG of flat grey, a header-only JPEG; each can be padded to a chosen size
// and every attempt is logged. `photonCodec` wraps pi's own Photon (handed in by test files), for differentials.
import { encodePng } from '../images/bmp-to-png.ts';
import { exifOrientation, orient } from '../images/image-exif.ts';
import type { DecodedImage, EncodedMimeType, ImageCodec, ScaledImage } from '../images/image-resize.ts';
import { imageDimensions, sniffImageMimeType } from '../images/image-sniff.ts';

export interface EncodeAttempt {
  width: number;
  height: number;
  mimeType: EncodedMimeType;
  quality?: number;
}

export interface GeometryCodec extends ImageCodec {
  attempts: EncodeAttempt[];
}

/** `size` (optional) gives the byte length an attempt's file should have; shorter files are padded to it. */
export function geometryCodec(size?: (attempt: EncodeAttempt) => number): GeometryCodec {
  const attempts: EncodeAttempt[] = [];
  return {
    attempts,
    async decode(bytes) {
      const mime = sniffImageMimeType(bytes.subarray(0, 4100));
      const header = mime && imageDimensions(bytes, mime);
      if (!header) return null;
      const { width, height } = orient(header, exifOrientation(bytes));
      return {
        width,
        height,
        resize: async (w, h): Promise<ScaledImage> => ({
          async encode(mimeType, quality) {
            const attempt = { width: w, height: h, mimeType, ...(quality === undefined ? {} : { quality }) };
            attempts.push(attempt);
            const file = mimeType === 'image/png' ? greyPng(w, h) : headerOnlyJpeg(w, h);
            return pad(file, mimeType, size?.(attempt) ?? 0);
          },
        }),
      } satisfies DecodedImage;
    },
  };
}

function greyPng(width: number, height: number): Uint8Array {
  return encodePng(width, height, new Uint8Array(width * height * 4).fill(128));
}

/** SOI, a baseline SOF0 frame header with the size, EOI: enough for anything that reads the size. */
export function headerOnlyJpeg(width: number, height: number): Uint8Array {
  return new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9]);
}

/** Pads to `length` bytes: a private ancillary chunk before IEND in a PNG, COM segments after SOI in a JPEG. */
export function pad(file: Uint8Array, mimeType: EncodedMimeType, length: number): Uint8Array {
  let extra = length - file.length;
  if (extra < 12) return file; // too little room for a chunk or a segment: within a few bytes is close enough
  const out = new Uint8Array(length);
  if (mimeType === 'image/png') {
    const iend = file.length - 12;
    out.set(file.subarray(0, iend));
    new DataView(out.buffer).setUint32(iend, extra - 12);
    out.set([0x70, 0x61, 0x44, 0x67], iend + 4); // "paDg", ancillary and private: decoders skip it
    out.set(file.subarray(iend), length - 12);
    return out;
  }
  out.set(file.subarray(0, 2));
  let o = 2;
  while (extra > 0) {
    const segment = extra - 65537 >= 4 || extra <= 65537 ? Math.min(extra, 65537) : extra - 4;
    out.set([0xff, 0xfe, (segment - 2) >> 8, (segment - 2) & 0xff], o);
    o += segment;
    extra -= segment;
  }
  out.set(file.subarray(2), o);
  return out;
}

/** The slice of Photon's API the codec uses (pi's `@silvia-odwyer/photon-node` module satisfies it). */
export interface PhotonLike {
  PhotonImage: { new_from_byteslice(bytes: Uint8Array): PhotonImageLike; new (raw: Uint8Array, width: number, height: number): PhotonImageLike };
  resize(image: PhotonImageLike, width: number, height: number, filter: number): PhotonImageLike;
  SamplingFilter: { Lanczos3: number };
}

export interface PhotonImageLike {
  get_width(): number;
  get_height(): number;
  get_raw_pixels(): Uint8Array;
  get_bytes(): Uint8Array;
  get_bytes_jpeg(quality: number): Uint8Array;
  free(): void;
}

/** A codec on Photon with pi's steps: decode, turn upright, Lanczos3 resize, PNG or JPEG encode. */
export function photonCodec(photon: PhotonLike): ImageCodec {
  return {
    async decode(bytes) {
      const raw = photon.PhotonImage.new_from_byteslice(bytes);
      const image = upright(photon, raw, exifOrientation(bytes));
      return {
        width: image.get_width(),
        height: image.get_height(),
        async resize(w, h) {
          const scaled = photon.resize(image, w, h, photon.SamplingFilter.Lanczos3);
          return {
            encode: async (mimeType, quality) => (mimeType === 'image/png' ? scaled.get_bytes() : scaled.get_bytes_jpeg(quality ?? 80)),
            close: () => scaled.free(),
          };
        },
        close: () => image.free(),
      };
    },
  };
}

/** Orientation 6 exactly as pi turns it; 5, 7 and 8 get the same quarter turn (pi's size, not pi's pixels); 2-4 untouched. */
function upright(photon: PhotonLike, image: PhotonImageLike, orientation: number): PhotonImageLike {
  if (orientation < 5) return image;
  const w = image.get_width();
  const h = image.get_height();
  const src = image.get_raw_pixels();
  const dst = new Uint8Array(src.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) dst.set(src.subarray((y * w + x) * 4, (y * w + x) * 4 + 4), (x * h + (h - 1 - y)) * 4);
  }
  image.free();
  return new photon.PhotonImage(dst, h, w);
}
