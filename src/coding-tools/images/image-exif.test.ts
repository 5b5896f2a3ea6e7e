// pi's EXIF orientation rules (JPEG APP1, WebP EXIF chunk) and the upright copy the canvas codec decodes.
import { describe, expect, it } from 'vitest';
import { exifOrientation, withoutExifOrientation } from './image-exif.ts';
import { headerOnlyJpeg } from '../testing/image-codecs.ts';
import { webpWithExifOrientation, withExifOrientation } from '../testing/image-files.ts';

const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 4, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);

describe('EXIF orientation', () => {
  it('reads a JPEG APP1 segment (big-endian TIFF) and a WebP EXIF chunk (little-endian, with or without the prefix)', () => {
    expect(exifOrientation(withExifOrientation(headerOnlyJpeg(4, 2), 6))).toBe(6);
    expect(exifOrientation(webpWithExifOrientation(WEBP, 8))).toBe(8);
    expect(exifOrientation(webpWithExifOrientation(WEBP, 3, true))).toBe(3);
  });

  it('is 1 without EXIF, for a value out of range, and for other formats', () => {
    expect(exifOrientation(headerOnlyJpeg(4, 2))).toBe(1);
    expect(exifOrientation(withExifOrientation(headerOnlyJpeg(4, 2), 9))).toBe(1);
    expect(exifOrientation(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(1);
  });

  it('gives an upright copy, leaving the original and every other byte alone', () => {
    const turned = withExifOrientation(headerOnlyJpeg(4, 2), 6);
    const upright = withoutExifOrientation(turned);
    expect(exifOrientation(upright)).toBe(1);
    expect(exifOrientation(turned)).toBe(6);
    expect(upright.filter((b, i) => b !== turned[i]).length).toBe(1);
    const webp = webpWithExifOrientation(WEBP, 7, true);
    expect(exifOrientation(withoutExifOrientation(webp))).toBe(1);
    const plain = headerOnlyJpeg(4, 2);
    expect(withoutExifOrientation(plain)).toBe(plain);
  });
});
