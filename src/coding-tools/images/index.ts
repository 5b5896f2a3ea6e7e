// Images as pi's read tool handles them: sniffing the type, EXIF orientation, resizing, BMP to PNG.
export type { ImageCodec, DecodedImage, EncodedMimeType, ScaledImage } from './image-resize.ts';
export { encodePng } from './bmp-to-png.ts';
export { imageDimensions, sniffImageMimeType, IMAGE_SNIFF_BYTES } from './image-sniff.ts';
export { exifOrientation, orient, withoutExifOrientation } from './image-exif.ts';
export type { ImageMimeType } from './image-sniff.ts';
