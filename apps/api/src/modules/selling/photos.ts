import { createHash } from 'node:crypto';
import sharp from 'sharp';

// A seller's photo as the store keeps it: the type read from the bytes (libvips reads the file's
// signature, never its name or the declared type), decoded with a pixel limit against image bombs,
// turned upright, resized into the two sizes the store shows and re-encoded as WebP. Re-encoding
// drops every metadata block (EXIF with the GPS position, XMP, ICC), because sharp writes none unless
// asked to.

/** What the store accepts: JPEG, PNG, WebP and HEIC/HEIF (when the installed libvips reads it). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);
/** 40 megapixels: any phone camera's photo, far from a decompression bomb's gigapixels. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The product page's size and the card's, both 4:5 boxes the photo fits inside (not cropped). */
export const SIZES = { large: { width: 1000, height: 1250 }, card: { width: 400, height: 500 } } as const;

export class PhotoRejected extends Error {
  constructor(public key: 'photo_not_image' | 'photo_too_many_pixels') {
    super(key);
  }
}

export interface ProcessedPhoto {
  /** The content hash both files are named by. */
  id: string;
  large: { bytes: Buffer; width: number; height: number };
  card: { bytes: Buffer; width: number; height: number };
}

/** `maxPixels`: the store's limit (PHOTO_MAX_MEGAPIXELS), never above MAX_INPUT_PIXELS. */
export async function processPhoto(input: Buffer, maxPixels = MAX_INPUT_PIXELS): Promise<ProcessedPhoto> {
  const limit = Math.min(maxPixels, MAX_INPUT_PIXELS);
  let format: string | undefined;
  let pixels: number;
  try {
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw new PhotoRejected('photo_not_image');
  }
  if (!format || !ACCEPTED.has(format)) throw new PhotoRejected('photo_not_image');
  // The header's size is checked before any pixel is decoded; limitInputPixels guards the decoder too.
  if (pixels > limit) throw new PhotoRejected('photo_too_many_pixels');
  const render = async (box: { width: number; height: number }, quality: number) => {
    try {
      const { data, info } = await sharp(input, { limitInputPixels: limit, failOn: 'error' })
        .rotate()
        .resize({ ...box, fit: 'inside', withoutEnlargement: true })
        .webp({ quality })
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.height };
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) throw new PhotoRejected('photo_too_many_pixels');
      throw new PhotoRejected('photo_not_image');
    }
  };
  const large = await render(SIZES.large, 82);
  const card = await render(SIZES.card, 78);
  return { id: createHash('sha256').update(large.bytes).digest('hex').slice(0, 32), large, card };
}
